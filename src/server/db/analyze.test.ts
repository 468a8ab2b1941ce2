import { afterEach, expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { insertItems, taskTitled } from '../test/insert-items';
import { createTestDatabase, createTestDatabaseAt, type TestDatabase } from '../test/test-database';
import { afterBulkChange } from './analyze';
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
