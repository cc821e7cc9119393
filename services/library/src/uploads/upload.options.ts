import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface.js';
import { UPLOAD_LIMITS } from './upload-errors.js';

/** Multer in memory with a hard size cap: files are checked by content before anything is stored. */
export function uploadOptions(maxBytes: number = UPLOAD_LIMITS.image): MulterOptions {
  return { limits: { fileSize: maxBytes, files: 1, fields: 30, fieldSize: UPLOAD_LIMITS.html, parts: 40 } };
}

/** The parts of an uploaded file that the library reads. */
export interface UploadedPart {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
  size: number;
}

/** Multer reads file names as latin1; browsers send UTF-8 bytes. */
export function utf8Name(file: UploadedPart): string {
  const decoded = Buffer.from(file.originalname, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? file.originalname : decoded;
}
