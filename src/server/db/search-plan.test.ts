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

/** `count` tasks in `state` titled `title`, written as plain SQL (the index's triggers keep up). */
async function tasks(count: number, title: string, from: number, state: 'new' | 'closed' = 'new') {
  await sql`
    with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${from + count - 1})
    insert into tasks (title, status, created_at, updated_at, closed_at, search_text, work_state, work_sort)
    select ${title}, ${state === 'new' ? 'new' : 'done'}, '2026-11-01T09:00:00.000Z',
           '2026-11-01T09:00:00.000Z', ${state === 'new' ? null : '2026-11-02T09:00:00.000Z'}, ${title},
           ${state}, ${state === 'new' ? '0' : '9'} || printf('%022d', i)
    from n`.execute(test.database.db);
}

const planFor = (q: string, states: string[]) =>
  planSearch(test.database, 'tasks', parseSearchQuery(q), states);

it('reads from the index a query whose candidates are too sparse for a walk to fill a page', async () => {
  // 2,600 candidates among 90,000 closed tasks: a walk of 3,000 rows would meet about 87.
  await tasks(CANDIDATE_LIMIT + 100, 'замена экрана', 1, 'closed');
  await tasks(87_400, 'чистка', CANDIDATE_LIMIT + 101, 'closed');
  // Before the trigram counts: nothing tells how many rows the states hold; the walk first.
  expect((await planFor('замена', ['closed'])).use).toBe('walk');
  await test.database.trigramStats!.refresh();
  expect((await planFor('замена', ['closed'])).use).toBe('index');
  // Many more than the stretch could be too sparse for: the walk first.
  await tasks(2 * CANDIDATE_LIMIT, 'замена батареи', 100_000, 'closed');
  expect((await planFor('замена', ['closed'])).use).toBe('walk');
  // Each query by its own candidates.
  expect((await planFor('экрана', ['closed'])).use).toBe('index');
  expect((await planFor('батареи', ['closed'])).use).toBe('walk');
});

it('walks a query whose candidates are dense in small states', async () => {
  // 2,600 candidates among 2,600 open tasks: the first rows walked fill the page.
  await tasks(CANDIDATE_LIMIT + 100, 'замена экрана', 1);
  await tasks(1000, 'чистка', CANDIDATE_LIMIT + 101, 'closed');
  await test.database.trigramStats!.refresh();
  expect((await planFor('замена', ['new', 'in_progress'])).use).toBe('walk');
  // A few are read by id whatever the states.
  const few = await planFor('чистка', ['closed']);
  expect(few.use === 'ids' && few.ids.length).toBe(1000);
});
