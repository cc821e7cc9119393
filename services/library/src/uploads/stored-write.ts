import type { FileStorage } from '@agora/common/storage';

/**
 * Writes `files` to the storage, then runs `write` (the database change). When `write` fails, the files
 * written are removed again, so no file stays without its row. When a file write fails, the ones already
 * written are removed and `write` never runs.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  files: Array<{ key: string; data: Buffer | string }>,
  write: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.key, f.data);
      written.push(f.key);
    }
    return await write();
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Removes files whose row is gone; a failure is not the client's problem (the caller logs it). */
export async function removeFiles(
  storage: FileStorage,
  keys: Array<string | null | undefined>,
): Promise<void> {
  await Promise.allSettled(keys.filter((k): k is string => !!k).map((k) => storage.delete(k)));
}
