/**
 * Runs keyed tasks, at most `limit` at once; a task whose key is already running waits for that one first
 * (the same file is never handled twice at the same time). `run` throws the first failure (no task starts
 * after it); `settle` waits for every started task; `assertDone` throws the first failure, if any.
 */
export class TaskPool {
  private readonly running = new Map<string, Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  async run(key: string, task: () => Promise<void>): Promise<void> {
    this.assertDone();
    await this.running.get(key);
    while (this.running.size >= this.limit) await Promise.race(this.running.values());
    this.assertDone();
    const done: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        if (this.running.get(key) === done) this.running.delete(key);
      });
    this.running.set(key, done);
  }

  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  assertDone(): void {
    if (this.failure) throw this.failure.error;
  }
}
