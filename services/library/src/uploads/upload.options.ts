export { utf8Name } from '@agora/common/uploads';

/** The parts of an uploaded file that the library reads (held in memory by `MultipartUpload`). */
export interface UploadedPart {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
  size: number;
}
