import sharp from 'sharp';
import { stripGif, stripJpeg, stripPng, stripWebp } from './strip-metadata.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const EXTENSION: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};
export const IMAGE_MIME: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export const THUMBNAIL_WIDTH = 480;
/** Refuse images above this many pixels (8000 x 8000; decompression bombs). */
const MAX_PIXELS = 64_000_000;

export interface ProcessedImage {
  format: ImageFormat;
  ext: string;
  mime: string;
  width: number;
  height: number;
  /** the image, same format, metadata blocks removed (pixels untouched, except AVIF and rotated JPEGs) */
  data: Buffer;
  /** a webp at most THUMBNAIL_WIDTH px wide */
  thumbnail: Buffer;
}

function isImageFormat(format: string | undefined): format is ImageFormat {
  return format !== undefined && format in EXTENSION;
}

/** The image without its metadata blocks, pixels untouched; null when not possible (AVIF: written again). */
function stripLossless(format: ImageFormat, data: Buffer): Buffer | null {
  switch (format) {
    case 'jpeg':
      return stripJpeg(data);
    case 'png':
      return stripPng(data);
    case 'webp':
      return stripWebp(data);
    case 'gif':
      return stripGif(data);
    default:
      return null;
  }
}

/**
 * The format of an image judged by its bytes only (null when not one of ours); `data` is the image or the path
 * of a local file holding it (only its header is read).
 */
export async function imageFormatOf(data: Buffer | string): Promise<ImageFormat | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    // sharp reports HEIF containers as 'heif'; AVIF is a HEIF with the av1 compression.
    const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
    return isImageFormat(format) ? format : null;
  } catch {
    return null;
  }
}

/**
 * Checks that `data` is a jpeg/png/webp/gif/avif image by its bytes (never by its name or declared type; SVG,
 * HTML and anything else is not), removes its metadata (EXIF, GPS, XMP, IPTC, comments) without re-encoding and
 * makes a webp thumbnail. Null when the bytes are not such an image (or a truncated, corrupt one): each service
 * answers its own refusal.
 */
export async function cleanImage(data: Buffer): Promise<ProcessedImage | null> {
  const format = await imageFormatOf(data);
  if (!format) return null;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    // An EXIF orientation would be lost with the EXIF block: such (camera) JPEGs are turned upright and
    // written again; every other image keeps its pixels byte for byte, only its metadata blocks removed.
    const upright = !meta.orientation || meta.orientation === 1;
    const stripped = upright ? stripLossless(format, data) : null;
    const clean =
      stripped ??
      (await sharp(data, { limitInputPixels: MAX_PIXELS, animated: true })
        .rotate()
        .toFormat(format, format === 'jpeg' ? { quality: 92, mozjpeg: true } : {})
        .toBuffer());
    const info = await sharp(clean, { limitInputPixels: MAX_PIXELS }).metadata();
    // Decoding the whole image for the thumbnail also proves that the file is not truncated or corrupt.
    const thumbnail = await sharp(clean, { limitInputPixels: MAX_PIXELS })
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const height = info.pageHeight ?? info.height;
    return {
      format,
      ext: EXTENSION[format],
      mime: IMAGE_MIME[format],
      width: info.width,
      height,
      data: clean,
      thumbnail,
    };
  } catch {
    // Bytes that start like an image but cannot be decoded (truncated, corrupt).
    return null;
  }
}
