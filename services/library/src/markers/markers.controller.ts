import { randomBytes } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FormFile, openApiSchemaOf, RequireRole, ZodResponse } from '@agora/common';
import { MarkersAnswer, MarkerUploadForm, UploadedUrlAnswer } from '@agora/contracts/api';
import { fileUrl } from '../files/file-url.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { sanitizeSvg } from '../uploads/sanitize.js';
import { UploadErrors, UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import { utf8Name, type UploadedPart } from '../uploads/upload.options.js';

export const MARKER_PREFIX = 'markers/';

/** A safe, readable file name from the uploaded one: `my-pin-3fa2c1d0.svg`. */
export function markerKey(originalName: string): string {
  const base =
    originalName
      .replace(/\.svg$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'marker';
  return `${MARKER_PREFIX}${base}-${randomBytes(4).toString('hex')}.svg`;
}

/**
 * Map markers: SVG files, sanitised and refused when hostile, stored under `markers/` and served by the files
 * route with `Content-Type: image/svg+xml` and a sandboxing Content-Security-Policy.
 */
@ApiTags('markers')
@RequireRole('editor')
@Controller('marker')
export class MarkersController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Get()
  @ZodResponse(MarkersAnswer)
  @ApiOperation({ summary: 'The uploaded markers: [{url, type: "marker", name}]' })
  async list(): Promise<MarkersAnswer> {
    const files = await this.storage.list(MARKER_PREFIX);
    return files
      .filter((f) => f.key.endsWith('.svg') && !f.key.slice(MARKER_PREFIX.length).includes('/'))
      .map((f) => ({
        url: fileUrl(f.key),
        type: 'marker',
        name: f.key.slice(MARKER_PREFIX.length, -'.svg'.length),
      }));
  }

  @Post()
  @HttpCode(200)
  @ZodResponse(UploadedUrlAnswer)
  @MultipartUpload('file', UPLOAD_LIMITS.svg, { json: false })
  @ApiBody({ schema: openApiSchemaOf(MarkerUploadForm, 'input') })
  @ApiOperation({
    summary: 'Upload an SVG marker (scripts, handlers, foreignObject, external references refused)',
  })
  async upload(@FormFile('file') file: UploadedPart | undefined): Promise<UploadedUrlAnswer> {
    if (!file) throw UploadErrors.fileRequired('file');
    const svg = sanitizeSvg(file.buffer);
    const key = markerKey(utf8Name(file));
    await this.storage.put(key, svg);
    return { url: fileUrl(key) };
  }
}
