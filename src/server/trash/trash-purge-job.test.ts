import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeEachDatabase } from '../test/test-app';
import { purgeThisHour, TRASH_PURGE } from './trash-purge-job';

// Issue 23: the Корзина's hourly purge runs once per hour, whichever instances are up.

describeEachDatabase('the Корзина purge as a job', (ctx) => {
  let second: Database;
  beforeAll(() => {
    second = ctx.openAnotherDatabase();
  });
  afterAll(async () => {
    await second.destroy();
  });

  it('two instances at the same hour: one purges; the next hour purges again; a failure is recorded', async () => {
    let purges = 0;
    const trash = {
      async purgeExpired() {
        purges += 1;
        return 0;
      },
    };
    const at = new Date('2026-11-26T10:00:05Z');
    const ran = await Promise.all([
      purgeThisHour(ctx.database.db, trash, { clock: { now: () => at }, owner: 'A' }),
      purgeThisHour(second.db, trash, { clock: { now: () => new Date('2026-11-26T10:00:06Z') }, owner: 'B' }),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    // Later in the same hour: done already.
    expect(
      await purgeThisHour(second.db, trash, {
        clock: { now: () => new Date('2026-11-26T10:59:59Z') },
        owner: 'B',
      }),
    ).toBe(false);
    expect(purges).toBe(1);
    expect(
      await purgeThisHour(second.db, trash, {
        clock: { now: () => new Date('2026-11-26T11:00:01Z') },
        owner: 'B',
      }),
    ).toBe(true);
    expect(purges).toBe(2);

    const failing = {
      async purgeExpired(): Promise<number> {
        throw new Error('disk busy');
      },
    };
    await expect(
      purgeThisHour(ctx.database.db, failing, {
        clock: { now: () => new Date('2026-11-26T12:00:00Z') },
        owner: 'A',
      }),
    ).rejects.toThrow('disk busy');
    const job = await ctx.database.db
      .selectFrom('jobs')
      .select(['done_at', 'outcome'])
      .where('key', '=', `${TRASH_PURGE}:2026-11-26T12`)
      .executeTakeFirstOrThrow();
    expect(job.outcome).toBe('failed: disk busy');
    expect(job.done_at).not.toBeNull();
    // Nothing is left waiting: the next hour's job is the next try.
    const waiting = await ctx.database.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', TRASH_PURGE)
      .where('done_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
  });
});
