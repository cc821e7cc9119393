import type { Readable } from 'node:stream';

/** The file store as a backup uses it (what `FileStorage` of services/common offers). */
export interface BackupFileStore {
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
  get(key: string): Promise<{ stream: Readable } | null>;
  put(key: string, stream: Readable): Promise<void>;
}
export interface FileStores {
  public: BackupFileStore;
  private: BackupFileStore;
}
export interface BackupManifest {
  format: string;
  created: string;
  schemas: string[];
  database: { size: number; sha256: string };
  files: Record<'public' | 'private', Array<{ key: string; size: number; sha256: string }>>;
}

export const SCHEMAS: readonly string[];
export const AREAS: readonly ['public', 'private'];
export function localFileStore(root: string): BackupFileStore & { root: string };
export function backupPlatform(options: {
  databaseUrl: string;
  stores: FileStores;
  outDir: string;
  now?: Date;
  log?: (message: string) => void;
}): Promise<{ dir: string; manifest: BackupManifest }>;
export function readManifest(dir: string): Promise<BackupManifest>;
export function occupiedSchemas(databaseUrl: string): Promise<string[]>;
/** Each table of the services' schemas: `'<rows> rows <md5 of its rows>'`. */
export function tableDigests(databaseUrl: string): Promise<Record<string, string>>;
export function restorePlatform(options: {
  databaseUrl: string;
  stores: FileStores;
  fromDir: string;
  log?: (message: string) => void;
}): Promise<{ manifest: BackupManifest; files: Record<'public' | 'private', number> }>;
