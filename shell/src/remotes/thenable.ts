// React's thenable protocol: `use(promise)` reads `status` and `value` (or `reason`) of a promise that carries them
// instead of suspending. This module is in the shell's entry chunk (through federation.ts): no shared imports.

/** Marks `promise` with React's thenable fields once it settles, and returns it. */
export function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => void Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

/** True for a promise marked by `tracked` that has settled (`use()` reads it without suspending). */
export function isSettled(promise: Promise<unknown>): boolean {
  const { status } = promise as { status?: unknown };
  return status === 'fulfilled' || status === 'rejected';
}
