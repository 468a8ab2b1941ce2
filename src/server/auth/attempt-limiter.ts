import type { Clock } from '../clock';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/** Keys a limiter remembers at most: about 100 bytes each, so a few MB whatever arrives. */
export const DEFAULT_MAX_KEYS = 50_000;

/**
 * Counts events (failed sign-ins, registrations) per key in a fixed window that
 * starts at the key's first event. It slows guessing down without locking anyone's
 * account: the window simply runs out (ASVS 6.3.1). See docs/decisions/009-sign-in-limits.md.
 *
 * Memory is bounded: past `maxKeys`, expired keys go first, then the oldest ones.
 * Kept in memory: with several app instances each one counts on its own.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly rule: LimitRule,
    private readonly clock: Clock,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Events counted for `key` in its current window. */
  count(key: string): number {
    return this.current(key)?.count ?? 0;
  }

  /** Milliseconds until `key` may try again; 0 while under the limit. */
  waitMs(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.rule.limit) return 0;
    return window.startedAt + this.rule.windowMs - this.clock.now().getTime();
  }

  /** Counts one event for `key`. */
  record(key: string): void {
    const window = this.current(key);
    if (window) {
      window.count += 1;
      return;
    }
    this.makeRoom();
    this.windows.set(key, { startedAt: this.clock.now().getTime(), count: 1 });
  }

  /** Forgets `key` (its owner just proved who they are). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Counts an event and says how long to wait if it went over the limit. */
  hit(key: string): number {
    const wait = this.waitMs(key);
    if (wait > 0) return wait;
    this.record(key);
    return 0;
  }

  get size(): number {
    return this.windows.size;
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (!window) return undefined;
    if (this.clock.now().getTime() - window.startedAt < this.rule.windowMs) return window;
    this.windows.delete(key);
    return undefined;
  }

  private makeRoom() {
    if (this.windows.size < this.maxKeys) return;
    const now = this.clock.now().getTime();
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.rule.windowMs) this.windows.delete(key);
    }
    // Still full: drop the oldest tenth (a Map iterates in insertion order).
    if (this.windows.size < this.maxKeys) return;
    let drop = Math.ceil(this.maxKeys / 10);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
