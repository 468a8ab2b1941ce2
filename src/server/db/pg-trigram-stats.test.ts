import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertItems, taskTitled } from '../test/insert-items';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { stateTrigram } from './migrations/0017-search-index';
import { PgTrigramStats } from './pg-trigram-stats';

const item = taskTitled;

describe.runIf(testDialects().includes('postgres'))('trigram counts of PostgreSQL lists (ADR 031)', () => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase('postgres');
  });
  afterEach(async () => {
    await test.cleanup();
  });

  it('counts a small list whole, each column apart, and says when it grew by a tenth', async () => {
    const stats = new PgTrigramStats(test.database.db);
    expect(stats.of('tasks', 'text')).toBeUndefined();
    expect(await stats.isStale()).toBe(true);
    await insertItems(test.database.db, [item('замена экрана'), item('замена батареи'), item('чистка')]);
    await stats.refresh();
    const tasks = stats.of('tasks', 'text')!;
    expect(tasks.rows).toBe(3);
    expect(tasks.docs.get('зам')).toBe(2);
    expect(tasks.docs.get('чис')).toBe(1);
    expect(tasks.docs.get('щщщ')).toBeUndefined();
    // Each row's state as SQLite's index holds it (how many items a state holds), and the rows.
    expect(tasks.docs.get(stateTrigram('new'))).toBe(3);
    // Shuffled: any order.
    expect(
      stats
        .sampleOf('tasks')!
        .rows.map((row) => [row.text, row.state])
        .sort(),
    ).toEqual([
      ['замена батареи', 'new'],
      ['замена экрана', 'new'],
      ['чистка', 'new'],
    ]);
    // The digits are counted on their own: no task here has a client's phone.
    expect(stats.of('tasks', 'phone')).toEqual({ rows: 3, docs: new Map() });
    expect(await stats.isStale()).toBe(false);
    // A tenth of at least a hundred rows: eleven more.
    await insertItems(
      test.database.db,
      Array.from({ length: 10 }, () => item('чистка')),
    );
    expect(await stats.isStale()).toBe(false);
    await insertItems(test.database.db, [item('чистка')]);
    expect(await stats.isStale()).toBe(true);
  });

  it('estimates a big list from a sample of its pages, scaled to its rows', async () => {
    await sql`
      insert into tasks (title, status, created_at, updated_at, search_text)
      select t, 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', t
      from (select case when n % 4 = 0 then 'замена экрана' else 'чистка' end as t
            from generate_series(1, 20000) as n) as titles`.execute(test.database.db);
    await sql`analyze tasks`.execute(test.database.db);
    const stats = new PgTrigramStats(test.database.db, 2000);
    await stats.refresh();
    const tasks = stats.of('tasks', 'text')!;
    expect(tasks.rows).toBe(20000);
    // A quarter of the rows, give or take what a sample of whole pages draws.
    expect(tasks.docs.get('зам')).toBeGreaterThan(3000);
    expect(tasks.docs.get('зам')).toBeLessThan(7000);
    expect(tasks.docs.get('чис')).toBeGreaterThan(13000);
  });

  it('stops counting once closed', async () => {
    await insertItems(test.database.db, [item('замена экрана')]);
    const stats = new PgTrigramStats(test.database.db, 20000, 0);
    stats.close();
    await stats.refresh();
    expect(stats.of('tickets', 'text')).toBeUndefined();
    expect(stats.of('tasks', 'text')).toBeUndefined();
  });
});
