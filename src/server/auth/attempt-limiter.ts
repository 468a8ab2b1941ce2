import type { Clock } from '../clock';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts attempts per key in a fixed window. It slows guessing down without
 * locking anyone's account: the window simply runs out (ASVS 6.3.1).
 * Kept in memory: with several app instances each one limits on its own.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly rule: LimitRule,
    private readonly clock: Clock,
  ) {}

  /** Records an attempt; returns the milliseconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now().getTime();
    this.prune(now);
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.rule.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return 0;
    }
    window.count += 1;
    return window.count > this.rule.limit ? window.startedAt + this.rule.windowMs - now : 0;
  }

  private prune(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.rule.windowMs) this.windows.delete(key);
    }
  }
}
