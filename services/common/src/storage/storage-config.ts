import path from 'node:path';
import { z } from 'zod';
import { ConfigError, parseEnv } from '../config/config.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The file store's settings, the same for every service that keeps files (library, consultation). */
export const storageEnvSchema = z.object({
  /** Root folder of the public files; default `<AGORA_DATA_DIR>/files/library`. */
  STORAGE_DIR: optionalText,
  /**
   * Root folder of the files that are never served publicly (backup archives, answer files, exports); default
   * STORAGE_DIR with `-private` appended. Must not be inside STORAGE_DIR, nor STORAGE_DIR inside it.
   */
  STORAGE_PRIVATE_DIR: optionalText,
  /** An S3-compatible object store instead of the two folders (all five set, or none). */
  STORAGE_S3_ENDPOINT: optionalText,
  STORAGE_S3_BUCKET: optionalText,
  STORAGE_S3_REGION: optionalText,
  STORAGE_S3_ACCESS_KEY: optionalText,
  STORAGE_S3_SECRET_KEY: optionalText,
});

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

/**
 * `dir`: the public files (the library serves them); `privateDir`: the files that are not. `s3` is set when
 * STORAGE_S3_* are: both areas then live in the object store (the private one below `private/`).
 */
export interface StorageConfig {
  dir: string;
  privateDir: string;
  s3?: S3Config;
}

const inside = (a: string, b: string): boolean => {
  const rel = path.relative(b, a);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The store's settings of `service` from `env`; `dataDir` is the shared `AGORA_DATA_DIR`. */
export function loadStorageConfig(
  service: string,
  env: Record<string, string | undefined>,
  dataDir: string,
): StorageConfig {
  const e = parseEnv(service, storageEnvSchema, env);
  const s3Values = [
    e.STORAGE_S3_ENDPOINT,
    e.STORAGE_S3_BUCKET,
    e.STORAGE_S3_REGION,
    e.STORAGE_S3_ACCESS_KEY,
    e.STORAGE_S3_SECRET_KEY,
  ];
  const s3Count = s3Values.filter((v) => v !== undefined).length;
  if (s3Count !== 0 && s3Count !== s3Values.length)
    throw new ConfigError(service, [
      'STORAGE_S3_*: set all of ENDPOINT, BUCKET, REGION, ACCESS_KEY and SECRET_KEY, or none',
    ]);
  if (e.STORAGE_S3_ENDPOINT && !/^https?:\/\//.test(e.STORAGE_S3_ENDPOINT))
    throw new ConfigError(service, ['STORAGE_S3_ENDPOINT: an http(s) URL']);
  const dir = path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files', 'library'));
  const privateDir = path.resolve(e.STORAGE_PRIVATE_DIR ?? `${dir}-private`);
  if (inside(privateDir, dir) || inside(dir, privateDir))
    throw new ConfigError(service, [
      'STORAGE_PRIVATE_DIR: a folder outside STORAGE_DIR (and not containing it): its files must never be public',
    ]);
  const storage: StorageConfig = { dir, privateDir };
  if (s3Count > 0)
    storage.s3 = {
      endpoint: e.STORAGE_S3_ENDPOINT!,
      bucket: e.STORAGE_S3_BUCKET!,
      region: e.STORAGE_S3_REGION!,
      accessKey: e.STORAGE_S3_ACCESS_KEY!,
      secretKey: e.STORAGE_S3_SECRET_KEY!,
    };
  return storage;
}

/**
 * One area of the store the configuration chooses: the object store when STORAGE_S3_* are set (the private area
 * below its `private/` folder, which the public area refuses to address), else the folder of that area.
 */
export function createFileStorage(config: StorageConfig, area: 'public' | 'private'): FileStorage {
  if (config.s3) return new S3FileStorage({ ...config.s3, area });
  return new LocalFileStorage(area === 'public' ? config.dir : config.privateDir);
}
