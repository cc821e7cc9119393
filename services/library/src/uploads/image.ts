import { cleanImage, type ProcessedImage } from '@agora/common/uploads';
import { UploadErrors, UPLOAD_LIMITS } from './upload-errors.js';

export {
  IMAGE_MIME,
  imageFormatOf,
  THUMBNAIL_WIDTH,
  type ImageFormat,
  type ProcessedImage,
} from '@agora/common/uploads';

/**
 * The library's check of an uploaded image (`cleanImage` of `@agora/common/uploads`: by its bytes, metadata
 * removed, a thumbnail made). 415 LIBRARY.NOT_AN_IMAGE otherwise; 413 above the size limit.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length > UPLOAD_LIMITS.image) throw UploadErrors.tooLarge(UPLOAD_LIMITS.image / 1024 / 1024);
  const image = await cleanImage(data);
  if (!image) throw UploadErrors.notAnImage();
  return image;
}
