import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { CANDIDATE_LIMIT, planSearch } from './search-index';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await test.cleanup();
});

/** `count` open tasks titled `title`, written as plain SQL (the index's triggers keep up). */
async function openTasks(count: number, title: string, from: number) {
  await sql`
    with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${from + count - 1})
    insert into tasks (title, status, created_at, updated_at, search_text, work_state, work_sort)
    select ${title}, 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', ${title}, 'new',
           '0' || printf('%022d', i)
    from n`.execute(test.database.db);
}

const open = ['new', 'in_progress'] as const;
const planFor = (q: string) => planSearch(test.database, 'tasks', parseSearchQuery(q), open);

it('reads a query the index names just over CANDIDATE_LIMIT rows for from the index, not by a walk', async () => {
  await openTasks(CANDIDATE_LIMIT + 100, 'замена экрана', 1);
  // Before the trigram counts: nothing tells how many more there are; the walk is tried first.
  expect((await planFor('замена')).use).toBe('walk');
  await test.database.trigramStats!.refresh();
  expect((await planFor('замена')).use).toBe('index');
  // Many more: a walk of the list finds a page soon — told by the candidates read, while the
  // counts are out of date, and by the counts once taken again.
  await openTasks(2 * CANDIDATE_LIMIT, 'замена батареи', CANDIDATE_LIMIT + 101);
  expect((await planFor('замена')).use).toBe('walk');
  await test.database.trigramStats!.refresh();
  expect((await planFor('замена')).use).toBe('walk');
  // Each by its own rarest trigram's rows.
  expect((await planFor('батареи')).use).toBe('walk');
  expect((await planFor('экрана')).use).toBe('index');
});
