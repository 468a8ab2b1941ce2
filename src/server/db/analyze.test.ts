import { afterEach, expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { insertItems, taskTitled } from '../test/insert-items';
import { createTestDatabase, createTestDatabaseAt, type TestDatabase } from '../test/test-database';
import { sql } from 'kysely';
import { afterBulkChange, mergeSearchIndexes } from './analyze';
import { planSearch, readCandidates } from '../search';

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.cleanup();
});

it('merges SQLite’s search index after a bulk change, which still finds what it found', async () => {
  test = await createTestDatabase('sqlite');
  const [id] = await insertItems(test.database.db, [taskTitled('замена экрана'), taskTitled('чистка')]);
  await afterBulkChange(test.database);
  await insertItems(test.database.db, [taskTitled('замена батареи')]);
  const plan = planSearch(test.database, 'tasks', parseSearchQuery('замена'), ['new']);
  expect(await readCandidates(plan)).toEqual([id, id! + 2]);
});

it('runs on a database migrated only part of the way, before the search index existed', async () => {
  test = await createTestDatabaseAt('sqlite', '0010-walk-in');
  await expect(afterBulkChange(test.database)).resolves.toBeUndefined();
});

it('merges in steps, each its own write, until FTS5 finds nothing left to merge', async () => {
  test = await createTestDatabase('sqlite');
  const { db } = test.database;
  // One write each: a segment each in the search indexes.
  for (let i = 0; i < 60; i += 1) await insertItems(db, [taskTitled(`замена экрана ${i}`)]);
  const steps = await mergeSearchIndexes(test.database, { pages: 1, pauseMs: 0 });
  expect(steps).toBeGreaterThan(1);
  // What optimize would do is done: asked again, it writes nothing.
  const before = await sql<{ n: number }>`select total_changes() as n`.execute(db);
  await sql`insert into tasks_search (tasks_search) values ('optimize')`.execute(db);
  const after = await sql<{ n: number }>`select total_changes() as n`.execute(db);
  expect(after.rows[0]!.n - before.rows[0]!.n).toBeLessThan(2);
  const plan = planSearch(test.database, 'tasks', parseSearchQuery('экрана 42'), ['new']);
  expect(await readCandidates(plan)).toHaveLength(1);
});
