import { randomBytes } from 'node:crypto';
import { Controller, HttpCode, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, FormFile, Internal, ZodResponse } from '@agora/common';
import { DeletedAnswer, UploadedUrlAnswer } from '@agora/contracts/api';
import { ICON_MAX_BYTES } from '@agora/contracts';
import { fileUrl } from '../files/file-url.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { processImage } from '../uploads/image.js';
import { sanitizeSvg } from '../uploads/sanitize.js';
import { UploadErrors } from '../uploads/upload-errors.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import { utf8Name, type UploadedPart } from '../uploads/upload.options.js';

export const ICON_PREFIX = 'icons/';

const RASTER = new Set(['png', 'jpeg', 'webp']);
/** The name of a stored icon below `icons/`. */
export const ICON_NAME = /^[a-z0-9-]{1,60}-[0-9a-f]{8}\.(svg|png|jpg|webp)$/;

const notAnIcon = () =>
  new AppError('LIBRARY.NOT_AN_ICON', 415, 'the icon must be an SVG, PNG, JPEG or WebP image');

/** Whether the bytes are text that starts like XML or SVG (after a byte-order mark and white space). */
function looksLikeSvg(data: Buffer): boolean {
  return /^(\uFEFF)?\s*</.test(data.subarray(0, 256).toString('utf8'));
}

/** The stored icon: an SVG sanitised like a marker, or a PNG/JPEG/WebP judged by its bytes, metadata removed. */
async function checkedIcon(data: Buffer): Promise<{ data: Buffer | string; ext: string }> {
  if (looksLikeSvg(data)) {
    try {
      return { data: sanitizeSvg(data), ext: 'svg' };
    } catch (error) {
      if (error instanceof AppError && error.code === 'LIBRARY.NOT_AN_SVG') throw notAnIcon();
      throw error;
    }
  }
  if (data.length > ICON_MAX_BYTES) throw UploadErrors.tooLarge(ICON_MAX_BYTES / 1024 / 1024);
  let image;
  try {
    image = await processImage(data);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LIBRARY.NOT_AN_IMAGE') throw notAnIcon();
    throw error;
  }
  if (!RASTER.has(image.format)) throw notAnIcon();
  return { data: image.data, ext: image.ext };
}

/** A safe, readable file name from the uploaded one: `park-bench-3fa2c1d0.png`. */
function iconKey(originalName: string, ext: string): string {
  const base =
    originalName
      .replace(/\.[a-z0-9]{1,5}$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'icon';
  return `${ICON_PREFIX}${base}-${randomBytes(4).toString('hex')}.${ext}`;
}

/**
 * Icons uploaded with the consultation's structure forms (attributes, variables, profile choices), for the other
 * services only (`/internal/…`, never routed by the gateway). Checked and stored like markers: the caller keeps the
 * URL and removes the icon again when its own write fails.
 */
@ApiTags('internal')
@Controller()
export class IconsInternalController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Internal('POST /internal/library/icons')
  @HttpCode(200)
  @ZodResponse(UploadedUrlAnswer)
  @MultipartUpload('file', ICON_MAX_BYTES)
  @ApiOperation({
    summary: 'Store an icon (SVG sanitised; PNG, JPEG or WebP by content; at most 1 MB): {url}',
  })
  async upload(@FormFile('file') file: UploadedPart | undefined): Promise<UploadedUrlAnswer> {
    if (!file) throw UploadErrors.fileRequired('file');
    const icon = await checkedIcon(file.buffer);
    const key = iconKey(utf8Name(file), icon.ext);
    await this.storage.put(key, icon.data);
    return { url: fileUrl(key) };
  }

  @Internal('DELETE /internal/library/icons/{name}')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Remove an uploaded icon by its file name (absent: nothing to do)' })
  async remove(@Param('name') name: string): Promise<DeletedAnswer> {
    if (!ICON_NAME.test(name)) throw UploadErrors.invalidField('name', 'an icon file name');
    await this.storage.delete(`${ICON_PREFIX}${name}`);
    return { message: 'data deleted' };
  }
}
