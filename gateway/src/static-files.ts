import { basename } from 'node:path';
import type { Response } from 'express';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * Build outputs with a content hash in their name (`main.3f2a1b9c.js`, `412.0c1d2e3f.css`, `a1b2c3d4e5f6a7b8.png`)
 * never change; everything else (index.html, remoteEntry.js, mf-manifest.json, locales) must be revalidated.
 */
export function isContentHashed(filePath: string): boolean {
  return /(^|[.\-_])[0-9a-f]{8,}\.[A-Za-z0-9]+(\.map)?$/.test(basename(filePath));
}

export function setStaticCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', isContentHashed(filePath) ? IMMUTABLE : NO_CACHE);
}
