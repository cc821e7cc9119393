import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/** Size and modification time of a stored file. */
export interface StoredFileInfo {
  size: number;
  modified: Date;
}

/** One file found by `list`. */
export interface StoredEntry extends StoredFileInfo {
  key: string;
}

/** One entry of a folder listing (`listDirectory`): a file or a sub-folder. */
export interface StoredDirEntry {
  name: string;
  type: 'file' | 'dir';
  /** Bytes for files, 0 for folders. */
  size: number;
  /** Null when the storage does not know (folders of an object store). */
  modified: Date | null;
}

/**
 * The one file store of the services (library files, answer files, exports, backups), addressed by keys
 * (`items/<uuid>.png`): a local folder or an S3-compatible object store. Keys are validated by every
 * implementation (`assertValidKey`): a key can never address anything outside the storage. Files stream in and
 * out: no implementation holds a whole file in memory.
 */
export interface FileStorage {
  /** Writes (or replaces) the file at `key` atomically; a stream is written without being held in memory. */
  put(key: string, data: Buffer | string | Readable): Promise<void>;
  /**
   * Stores the local file `file` at `key` (atomically, like `put`). The storage may move the file instead of
   * copying it (a rename on the same file system): the caller must not use `file` afterwards.
   */
  putFile(key: string, file: string): Promise<void>;
  /** Opens the file at `key`; null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file at `key`; no error when it is absent. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size and modification time of the file at `key`; null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /**
   * Every file whose key starts with `prefix` (`''` = all, `backups/` = one folder, recursively), sorted by key.
   * Files whose names are not valid keys (made outside the application) are skipped.
   */
  list(prefix: string): Promise<StoredEntry[]>;
  /** The direct children of folder `dir` (`''` = the root), or null when the folder does not exist. */
  listDirectory(dir: string): Promise<StoredDirEntry[] | null>;
}

/** The public area of the store: the library serves its files in its public folders to anyone. */
export const FILE_STORAGE = Symbol('storage.public');
/**
 * The private area of the store (backup archives, answer files, exports): never served by the library's files
 * route, only by the routes that check access to each file.
 */
export const PRIVATE_FILE_STORAGE = Symbol('storage.private');
