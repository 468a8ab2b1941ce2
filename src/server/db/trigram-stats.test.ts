import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertItems } from '../test/insert-items';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { ftsQuery } from './search-index';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await test.cleanup();
});

const item = (title: string) => ({
  kind: 'task' as const,
  status: 'new',
  title,
  dueDate: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  closedAt: null,
  assigneeName: '',
  clientId: undefined,
  clientName: '',
});

it('counts the rows holding each trigram of a list, from a second connection to the file', async () => {
  const stats = test.database.trigramStats!;
  expect(stats.of('tasks')).toBeUndefined();
  await insertItems(test.database.db, [item('замена экрана'), item('замена батареи'), item('чистка')]);
  await stats.refresh();
  const tasks = stats.of('tasks')!;
  expect(tasks.rows).toBe(3);
  expect(tasks.docs.get('зам')).toBe(2);
  expect(tasks.docs.get('чис')).toBe(1);
  expect(tasks.docs.get('экр')).toBe(1);
  expect(tasks.docs.get('щщщ')).toBeUndefined();
  expect(stats.of('tickets')).toEqual({ rows: 0, docs: new Map() });
  // The rarest trigrams of «замена экрана» first, then «зам»; none that shares a letter with
  // those (a word's neighbouring trigrams rule out little more than one of them).
  expect(ftsQuery(['замена экрана'], tasks)).toBe('("а э" AND "кра" AND "зам")');
});
