/**
 * Runs at most `concurrency` jobs at once; the rest wait their turn in order.
 * Image decoding goes through one, so a burst of heavy uploads queues up instead
 * of taking every core (and the memory of every image at once) from the app.
 */
export class WorkQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job; `active` stays counted.
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Jobs running plus jobs waiting. */
  get load(): number {
    return this.active + this.waiting.length;
  }
}
