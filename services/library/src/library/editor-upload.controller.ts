import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FormFile, RequireRole, ZodResponse } from '@agora/common';
import { UploadedUrlAnswer } from '@agora/contracts/api';
import { fileUrl } from '../files/file-url.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { processImage } from '../uploads/image.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import { UploadErrors, UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import type { UploadedPart } from '../uploads/upload.options.js';

/** Images placed in rich-text bodies (documentation pages) by the editor. */
@ApiTags('library')
@RequireRole('editor')
@Controller('admin/public_upload/path/editor')
export class EditorUploadController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Post()
  @HttpCode(200)
  @ZodResponse(UploadedUrlAnswer)
  @MultipartUpload('file', UPLOAD_LIMITS.image)
  @ApiOperation({ summary: 'Upload an image for a rich-text body (checked by content, metadata removed)' })
  async upload(@FormFile('file') file: UploadedPart | undefined): Promise<UploadedUrlAnswer> {
    if (!file) throw UploadErrors.fileRequired('file');
    const image = await processImage(file.buffer);
    const key = `editor/${randomUUID()}.${image.ext}`;
    await this.storage.put(key, image.data);
    return { url: fileUrl(key) };
  }
}
