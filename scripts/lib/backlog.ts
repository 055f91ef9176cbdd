// Bounded concurrency for work that waits on the disk or the thread pool.

/**
 * Runs tasks in the background, at most `limit` at once: `add` waits while the limit is reached,
 * so a fast producer is held back, and `settle` waits for the rest and throws the first failure.
 * For work that waits on the disk or the thread pool, where a few in flight keep every core busy
 * and thousands in flight would only hold thousands of buffers.
 */
export class Backlog {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {}

  async add(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure) throw this.failure.error;
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  async settle(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure.error;
  }
}
