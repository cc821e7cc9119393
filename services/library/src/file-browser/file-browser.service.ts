import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@agora/common';
import type { Readable } from 'node:stream';
import { dispositionOf, mimeOfKey } from '../files/files.mapper.js';
import { FILE_STORAGE, type FileStorage, isValidKey } from '@agora/common/storage';

export interface DirectoryEntry {
  name: string;
  type: 'file' | 'dir';
  size: number;
  modified: string | null;
  path: string;
}

export interface DirectoryListing {
  content: DirectoryEntry[];
  breadcrumb: Array<{ name: string; path: string }>;
}

export const FileBrowserErrors = {
  invalidPath: () => AppError.badRequest('FILE_BROWSER.INVALID_PATH', 'invalid path'),
  notFound: () => AppError.notFound('not found', 'FILE_BROWSER.NOT_FOUND'),
};

/**
 * A path of the file browser as a storage key: `''` for the root, else plain segments. Anything that could
 * leave the storage (`..`, absolute paths, backslashes, NUL, encoded forms after decoding) is a 400.
 */
export function browserPath(value: unknown, allowRoot: boolean): string {
  if (value === undefined || value === null) {
    if (allowRoot) return '';
    throw FileBrowserErrors.invalidPath();
  }
  if (typeof value !== 'string' || value.length > 300) throw FileBrowserErrors.invalidPath();
  if (value.includes('\\') || value.includes('\0') || value.split('/').includes('..'))
    throw FileBrowserErrors.invalidPath();
  // A leading slash means "from the storage root" (as the breadcrumb shows it), never the system root.
  const trimmed = value.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') {
    if (allowRoot) return '';
    throw FileBrowserErrors.invalidPath();
  }
  if (!isValidKey(trimmed)) throw FileBrowserErrors.invalidPath();
  return trimmed;
}

@Injectable()
export class FileBrowserService {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async list(dirParam: unknown): Promise<DirectoryListing> {
    const dir = browserPath(dirParam, true);
    const entries = await this.storage.listDirectory(dir);
    if (!entries) throw FileBrowserErrors.notFound();
    const content = entries
      .map((e) => ({
        name: e.name,
        type: e.type,
        size: e.size,
        modified: e.modified ? e.modified.toISOString() : null,
        path: dir ? `${dir}/${e.name}` : e.name,
      }))
      .sort((a, b) => (a.type !== b.type ? (a.type === 'dir' ? -1 : 1) : a.name < b.name ? -1 : 1));
    const breadcrumb = [{ name: '/', path: '' }];
    const parts = dir ? dir.split('/') : [];
    parts.forEach((name, i) => breadcrumb.push({ name, path: parts.slice(0, i + 1).join('/') }));
    return { content, breadcrumb };
  }

  async open(
    pathParam: unknown,
  ): Promise<{ stream: Readable; size: number; mime: string; disposition: string }> {
    const key = browserPath(pathParam, false);
    const file = await this.storage.get(key);
    if (!file) throw FileBrowserErrors.notFound();
    const mime = mimeOfKey(key);
    return { ...file, mime, disposition: dispositionOf(key, mime) };
  }

  async remove(pathParam: unknown): Promise<void> {
    const key = browserPath(pathParam, false);
    if (!(await this.storage.stat(key))) throw FileBrowserErrors.notFound();
    await this.storage.delete(key);
  }
}
