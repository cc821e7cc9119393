import {
  applyDecorators,
  Injectable,
  PayloadTooLargeException,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import { catchError, type Observable } from 'rxjs';
import { UploadErrors } from './upload-errors.js';
import { uploadOptions } from './upload.options.js';

/** Multer's refusal of a file above the limit as the library's 413 `{"Error", "code": "LIBRARY.TOO_LARGE"}`. */
function uploadErrorsInterceptor(maxBytes: number): Type<NestInterceptor> {
  @Injectable()
  class UploadErrorsInterceptor implements NestInterceptor {
    intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
      return next.handle().pipe(
        catchError((error: unknown) => {
          if (error instanceof PayloadTooLargeException) throw UploadErrors.tooLarge(maxBytes / 1024 / 1024);
          throw error;
        }),
      );
    }
  }
  return UploadErrorsInterceptor;
}

/** One multipart file in `field`, held in memory up to `maxBytes`, then checked by content by the handler. */
export function MultipartUpload(field: string, maxBytes: number): MethodDecorator {
  return applyDecorators(
    UseInterceptors(uploadErrorsInterceptor(maxBytes), FileInterceptor(field, uploadOptions(maxBytes))),
    ApiConsumes('multipart/form-data'),
  );
}
