import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { FileStorage } from '@agora/common/storage';
import { BATCH, lines } from './library-dump.js';

/**
 * Removes the files of `oldKeys` (a local file, one key a line: the keys the rows referred to before a restore)
 * that no row refers to any more. A failure is logged: the restore has committed, a file left behind is unused.
 */
export async function removeOrphanFiles(
  ds: DataSource,
  storage: FileStorage,
  oldKeys: string,
  logger: Logger,
): Promise<void> {
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const unused: Array<{ k: string }> = await ds.query(
      `SELECT k FROM unnest($1::text[]) AS k
       WHERE NOT EXISTS (SELECT 1 FROM "library"."library_item" i WHERE i."resource_key" = k OR i."thumbnail_key" = k)
         AND NOT EXISTS (SELECT 1 FROM "library"."documentation" d WHERE d."resource_key" = k)`,
      [batch],
    );
    for (const { k } of unused) await storage.delete(k).catch(() => undefined);
    batch = [];
  };
  try {
    for await (const k of lines(oldKeys)) {
      batch.push(k);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  } catch (error) {
    logger.warn({ err: error }, 'restore: could not remove unused files');
  }
}
