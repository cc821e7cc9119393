import { AppError } from '@agora/common';

/** The errors of uploads and of the library's writes: `{"Error": message, "code"}`. */
export const UploadErrors = {
  notAnImage: () => new AppError('LIBRARY.NOT_AN_IMAGE', 415, 'not an image'),
  notADocument: () =>
    new AppError('LIBRARY.NOT_A_DOCUMENT', 415, 'the file must be a .pdf, .doc or .docx document'),
  notAnSvg: () => new AppError('LIBRARY.NOT_AN_SVG', 415, 'the marker must be an SVG image'),
  unsafeSvg: (what: string) => new AppError('LIBRARY.UNSAFE_SVG', 415, `the SVG contains ${what}`),
  tooLarge: (mb: number) => new AppError('LIBRARY.TOO_LARGE', 413, `the file is larger than ${mb} MB`),
  fileRequired: (field: string) =>
    AppError.badRequest('LIBRARY.FILE_REQUIRED', `${field}: This value is required.`),
  invalidField: (field: string, message: string) =>
    AppError.badRequest('LIBRARY.INVALID_FIELD', `${field}: ${message}`),
  exists: (field: string) => AppError.conflict('LIBRARY.EXISTS', `${field}: This value already exists!`),
  invalidJson: (field: string) => AppError.badRequest('LIBRARY.INVALID_JSON', `${field}: invalid JSON list`),
  invalidUuid: () => AppError.badRequest('LIBRARY.INVALID_UUID', 'invalid uuid'),
};

/** Size limits of uploads (bytes). */
export const UPLOAD_LIMITS = {
  image: 20 * 1024 * 1024,
  document: 20 * 1024 * 1024,
  svg: 512 * 1024,
  html: 1024 * 1024,
} as const;
