/**
 * Polls `probe` until `done` holds for its value and returns that value (no fixed sleeps: each try waits only for
 * the previous one and a macrotask turn). Fails with the last value after `timeoutMs`.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
