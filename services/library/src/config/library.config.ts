import os from 'node:os';
import path from 'node:path';
import { ConfigError, parseEnv } from '@agora/common';
import { loadStorageConfig, type StorageConfig } from '@agora/common/storage';
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

/**
 * Environment variables the library service reads on top of the shared ones (`baseEnvSchema`) and the store's
 * (`storageEnvSchema`, read by `loadStorageConfig`).
 */
export const libraryEnvSchema = z.object({
  /** Seeds a small demonstration data set into empty tables at start. */
  AGORA_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
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

export interface BackupLimits {
  maxUploadBytes: number;
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
}

export interface LibraryConfig {
  /** The file store (its public area: the files the files route serves; its private one: the backups). */
  storage: StorageConfig;
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
  const storage = loadStorageConfig('library', env, dataDir);
  const remoteOrigins = parseOrigins(e.BACKUP_REMOTE_ORIGINS);
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
