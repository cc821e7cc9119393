import path from 'node:path';
import { ConfigError } from '@agora/common';

/** The settings of the exports (decision 0040). */
export interface ExportConfig {
  /** Where the files of export jobs are kept (private: served only to the user who asked). */
  dir: string;
  /** How long a job's file is kept, in ms (EXPORT_TTL in seconds, default 24 h). */
  ttlMs: number;
}

/** Reads EXPORT_DIR (default `<data dir>/exports/consultation`) and EXPORT_TTL (seconds, default 86400). */
export function loadExportConfig(env: Record<string, string | undefined>, dataDir: string): ExportConfig {
  const ttl = env.EXPORT_TTL ?? '86400';
  if (!/^[0-9]{1,9}$/.test(ttl) || Number(ttl) < 60)
    throw new ConfigError('consultation', [
      `EXPORT_TTL: a whole number of seconds, at least 60 (got "${ttl}")`,
    ]);
  return {
    dir: path.resolve(env.EXPORT_DIR ?? path.join(dataDir, 'exports', 'consultation')),
    ttlMs: Number(ttl) * 1000,
  };
}
