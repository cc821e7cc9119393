import os from 'node:os';
import path from 'node:path';
import { ConfigError, parseEnv } from '@agora/common';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const bytes = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9][0-9]*$/, 'a positive whole number')
    .optional()
    .transform((v) => (v ? Number(v) : fallback));

/** Environment variables the library service reads on top of the shared ones (see `baseEnvSchema`). */
export const libraryEnvSchema = z.object({
  /** Root folder of stored files; default `<AGORA_DATA_DIR>/files/library`. */
  STORAGE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * Root folder of the files that are never served publicly (backup archives); default STORAGE_DIR with
   * `-private` appended. Must not be inside STORAGE_DIR, nor STORAGE_DIR inside it.
   */
  STORAGE_PRIVATE_DIR: optionalText,
  /** Seeds a small demonstration data set into empty tables at start. */
  AGORA_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** An S3-compatible object store instead of STORAGE_DIR (all five set, or none). */
  STORAGE_S3_ENDPOINT: optionalText,
  STORAGE_S3_BUCKET: optionalText,
  STORAGE_S3_REGION: optionalText,
  STORAGE_S3_ACCESS_KEY: optionalText,
  STORAGE_S3_SECRET_KEY: optionalText,
  /** Backups: largest uploaded archive, most entries, largest total and per-entry uncompressed sizes. */
  BACKUP_MAX_UPLOAD_BYTES: bytes(2 * 1024 ** 3),
  BACKUP_MAX_ENTRIES: bytes(200_000),
  BACKUP_MAX_TOTAL_BYTES: bytes(20 * 1024 ** 3),
  BACKUP_MAX_ENTRY_BYTES: bytes(512 * 1024 ** 2),
  /**
   * Origins (`https://agora.example.org`, `http://127.0.0.1:8080`; comma or space separated) that a restore from
   * another server may reach whatever their address, and over http. Any other origin: https to public addresses.
   */
  BACKUP_REMOTE_ORIGINS: optionalText,
  /** Where restores unpack archives before swapping them in; default the system temporary folder. */
  BACKUP_STAGING_DIR: optionalText,
  /**
   * How long a backup job's worker holds the job without renewing its hold (it renews it while it runs); a job
   * held past that by a stopped worker is taken again by a running one.
   */
  BACKUP_JOB_LOCK_MS: bytes(60_000),
});

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
}

export interface BackupLimits {
  maxUploadBytes: number;
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
}

export interface LibraryConfig {
  /**
   * `dir`: the public files (served by the files route); `privateDir`: the files that are not (backups). `s3` is
   * set when STORAGE_S3_* are: both then live in the object store (the private ones below `private/`).
   */
  storage: { dir: string; privateDir: string; s3?: S3Config };
  demoData: boolean;
  /** `remoteOrigins`: the BACKUP_REMOTE_ORIGINS, as URL origins (`http://127.0.0.1:8080`). */
  backups: BackupLimits & { stagingDir: string; remoteOrigins: string[]; jobLockMs: number };
}

/** `https://host[:port]` / `http://host[:port]` items (a trailing slash allowed) as origins; else a ConfigError. */
function parseOrigins(text: string | undefined): string[] {
  const out: string[] = [];
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : null;
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.username ||
      url.password ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      !/^https?:\/\/[^/]+\/?$/i.test(item)
    )
      throw new ConfigError('library', [`BACKUP_REMOTE_ORIGINS: not an http(s) origin: ${item}`]);
    out.push(url.origin);
  }
  return out;
}

/** Typed, validated settings of the library service. `dataDir` is the shared `AGORA_DATA_DIR`. */
export function loadLibraryConfig(env: Record<string, string | undefined>, dataDir: string): LibraryConfig {
  const e = parseEnv('library', libraryEnvSchema, env);
  const s3Values = [
    e.STORAGE_S3_ENDPOINT,
    e.STORAGE_S3_BUCKET,
    e.STORAGE_S3_REGION,
    e.STORAGE_S3_ACCESS_KEY,
    e.STORAGE_S3_SECRET_KEY,
  ];
  const s3Count = s3Values.filter((v) => v !== undefined).length;
  if (s3Count !== 0 && s3Count !== s3Values.length) {
    throw new ConfigError('library', [
      'STORAGE_S3_*: set all of ENDPOINT, BUCKET, REGION, ACCESS_KEY and SECRET_KEY, or none',
    ]);
  }
  if (e.STORAGE_S3_ENDPOINT && !/^https?:\/\//.test(e.STORAGE_S3_ENDPOINT)) {
    throw new ConfigError('library', ['STORAGE_S3_ENDPOINT: an http(s) URL']);
  }
  const dir = path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files', 'library'));
  const privateDir = path.resolve(e.STORAGE_PRIVATE_DIR ?? `${dir}-private`);
  const inside = (a: string, b: string) => {
    const rel = path.relative(b, a);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  if (inside(privateDir, dir) || inside(dir, privateDir)) {
    throw new ConfigError('library', [
      'STORAGE_PRIVATE_DIR: a folder outside STORAGE_DIR (and not containing it): its files must never be public',
    ]);
  }
  const storage: LibraryConfig['storage'] = { dir, privateDir };
  const remoteOrigins = parseOrigins(e.BACKUP_REMOTE_ORIGINS);
  if (s3Count > 0) {
    storage.s3 = {
      endpoint: e.STORAGE_S3_ENDPOINT!,
      bucket: e.STORAGE_S3_BUCKET!,
      region: e.STORAGE_S3_REGION!,
      accessKey: e.STORAGE_S3_ACCESS_KEY!,
      secretKey: e.STORAGE_S3_SECRET_KEY!,
    };
  }
  return {
    storage,
    demoData: e.AGORA_DEMO_DATA,
    backups: {
      maxUploadBytes: e.BACKUP_MAX_UPLOAD_BYTES,
      maxEntries: e.BACKUP_MAX_ENTRIES,
      maxTotalBytes: e.BACKUP_MAX_TOTAL_BYTES,
      maxEntryBytes: e.BACKUP_MAX_ENTRY_BYTES,
      stagingDir: path.resolve(e.BACKUP_STAGING_DIR ?? os.tmpdir()),
      remoteOrigins,
      jobLockMs: e.BACKUP_JOB_LOCK_MS,
    },
  };
}
