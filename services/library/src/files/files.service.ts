import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { FILE_STORAGE, type FileStorage, keyFromSegments } from '@agora/common/storage';
import { isPublicKey } from './public-folders.js';
import { FilesErrors } from './files.errors.js';
import { dispositionOf, mimeOfKey } from './files.mapper.js';

export interface ServedFile {
  stream: Readable;
  size: number;
  mime: string;
  disposition: string;
}

@Injectable()
export class FilesService {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /**
   * Opens a stored file from the URL's key segments: 400 for an unsafe key, 404 when absent or outside the
   * public folders (the same answer: whether such a file exists is not told).
   */
  async open(segments: unknown): Promise<ServedFile> {
    const key = keyFromSegments(segments);
    const file = isPublicKey(key) ? await this.storage.get(key) : null;
    if (!file) throw FilesErrors.notFound();
    const mime = mimeOfKey(key);
    return { stream: file.stream, size: file.size, mime, disposition: dispositionOf(key, mime) };
  }
}
