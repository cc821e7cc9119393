import { MultipartBody } from '@agora/common';
import { UploadErrors, UPLOAD_LIMITS } from './upload-errors.js';

/**
 * The library's upload form: one file in `field`, held in memory up to `maxBytes` (above it: 413
 * `LIBRARY.TOO_LARGE`), then checked by content by the handler (read it with `@FormFile(field)`); text fields of up
 * to 1 MB (documentation pages' HTML), at most 30. `json: false`: a form only (the document names no JSON body).
 */
export function MultipartUpload(
  field: string,
  maxBytes: number,
  options: { json?: boolean } = {},
): MethodDecorator {
  return MultipartBody(
    {
      files: [{ name: field, maxBytes }],
      fields: 30,
      fieldSize: UPLOAD_LIMITS.html,
      tooLarge: (_field, max) => UploadErrors.tooLarge(max / 1024 / 1024),
    },
    options,
  );
}
