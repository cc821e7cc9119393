/** The parts of an uploaded file that the library reads (held in memory by `MultipartUpload`). */
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
