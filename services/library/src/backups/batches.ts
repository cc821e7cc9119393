/**
 * Runs `task` for every item, at most `size` at a time: the items are taken in batches, a batch starts when the
 * one before it has settled, and two items with the same key are never in one batch (the same file is never
 * handled twice at the same time). Every started task settles before the first failure is thrown; no task
 * starts after it.
 */
export async function inBatches<T>(
  items: AsyncIterable<T> | Iterable<T>,
  size: number,
  keyOf: (item: T) => string,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let batch: T[] = [];
  const keys = new Set<string>();
  const run = async () => {
    const results = await Promise.allSettled(batch.map(task));
    batch = [];
    keys.clear();
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
  for await (const item of items) {
    const key = keyOf(item);
    if (batch.length >= size || keys.has(key)) await run();
    batch.push(item);
    keys.add(key);
  }
  await run();
}
