import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/** Expired windows are swept at most this often per limiter (each sweep is one indexed DELETE). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts events (failed sign-ins, registrations, status-page views) per key in a fixed window
 * that starts at the key's first event. It slows guessing down without locking anyone's
 * account: the window simply runs out (ASVS 6.3.1). See docs/decisions/009-sign-in-limits.md.
 *
 * Kept in the database (issue 23): every app instance on it counts the same attempts, and a
 * restart forgets nothing. Each count is one atomic upsert, so two instances counting the same
 * key at once both land. The table stays small: windows that ran out are swept now and then.
 */
export class AttemptLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    /** Names this limiter's keys apart from other limiters' (`sign-in-ip`, `status-page`…). */
    private readonly scope: string,
    private readonly rule: LimitRule,
    private readonly clock: Clock,
  ) {}

  /** Events counted for `key` in its current window. */
  async count(key: string): Promise<number> {
    return (await this.current(key))?.count ?? 0;
  }

  /** Milliseconds until `key` may try again; 0 while under the limit. */
  async waitMs(key: string): Promise<number> {
    const window = await this.current(key);
    return window ? this.waitFor(window) : 0;
  }

  /** Counts one event for `key`; returns the window as it now is. */
  async record(key: string): Promise<{ startedAt: string; count: number }> {
    const now = this.clock.now();
    const since = this.windowStart(now);
    // Within the window the count goes up; past it a new window starts with this event.
    const row = await this.db
      .insertInto('attempt_counts')
      .values({ scope: this.scope, key, started_at: now.toISOString(), count: 1 })
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet({
          count: sql<number>`case when attempt_counts.started_at > ${since} then attempt_counts.count + 1 else 1 end`,
          started_at: sql<string>`case when attempt_counts.started_at > ${since} then attempt_counts.started_at else excluded.started_at end`,
        }),
      )
      .returning(['started_at', 'count'])
      .executeTakeFirstOrThrow();
    await this.sweep(now);
    return { startedAt: row.started_at, count: Number(row.count) };
  }

  /** Forgets `key` (its owner just proved who they are). */
  async reset(key: string): Promise<void> {
    await this.db
      .deleteFrom('attempt_counts')
      .where('scope', '=', this.scope)
      .where('key', '=', key)
      .execute();
  }

  /** Counts an event and says how long to wait if it went over the limit. */
  async hit(key: string): Promise<number> {
    // Blocked already: a read, not a write (a flood of refused requests costs the disk nothing).
    const blocked = await this.waitMs(key);
    if (blocked > 0) return blocked;
    const window = await this.record(key);
    return window.count > this.rule.limit ? this.waitFor(window) : 0;
  }

  private async current(key: string) {
    const row = await this.db
      .selectFrom('attempt_counts')
      .select(['started_at', 'count'])
      .where('scope', '=', this.scope)
      .where('key', '=', key)
      .where('started_at', '>', this.windowStart(this.clock.now()))
      .executeTakeFirst();
    return row ? { startedAt: row.started_at, count: Number(row.count) } : undefined;
  }

  private waitFor(window: { startedAt: string; count: number }): number {
    if (window.count < this.rule.limit) return 0;
    return Math.max(0, Date.parse(window.startedAt) + this.rule.windowMs - this.clock.now().getTime());
  }

  private windowStart(now: Date): string {
    return new Date(now.getTime() - this.rule.windowMs).toISOString();
  }

  private async sweep(now: Date) {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.db
      .deleteFrom('attempt_counts')
      .where('scope', '=', this.scope)
      .where('started_at', '<=', this.windowStart(now))
      .execute();
  }
}
