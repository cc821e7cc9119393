import { ConfigError } from '@agora/common';

/**
 * The settings of the exports (decision 0040). The files of export jobs are kept in the file store's private
 * area (`exports/<job id>`, decision 0049), served only to the user who asked.
 */
export interface ExportConfig {
  /** How long a job's file is kept, in ms (EXPORT_TTL in seconds, default 24 h). */
  ttlMs: number;
}

/** Reads EXPORT_TTL (seconds, default 86400). */
export function loadExportConfig(env: Record<string, string | undefined>): ExportConfig {
  const ttl = env.EXPORT_TTL ?? '86400';
  if (!/^[0-9]{1,9}$/.test(ttl) || Number(ttl) < 60)
    throw new ConfigError('consultation', [
      `EXPORT_TTL: a whole number of seconds, at least 60 (got "${ttl}")`,
    ]);
  return { ttlMs: Number(ttl) * 1000 };
}
