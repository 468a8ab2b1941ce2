import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertItems, taskTitled } from '../test/insert-items';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { ftsQuery } from './search-index';
import { SAMPLE_ROWS, TrigramStats } from './trigram-stats';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await test.cleanup();
});

const item = taskTitled;

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

/** This process's open files of the test database (the file, its -wal and -shm). */
const openFiles = () =>
  fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(test.database.sqlite!.name)).length;

it('reads in slices, closes its connection, and stops a refresh under way when closed', async () => {
  await insertItems(
    test.database.db,
    Array.from({ length: 30 }, (_, i) => item(`задача ${i} замена экрана`)),
  );
  // A slice of 0 ms: it lets other work run after every row of the vocabulary.
  const sliced = new TrigramStats(test.database.sqlite!, 0);
  await sliced.refresh();
  // SQLite keeps a closed connection's file open while another connection of the process holds
  // locks on it (POSIX locks are per process), and reuses it: one, not one per refresh.
  const before = openFiles();
  await sliced.refresh();
  expect(sliced.of('tasks')!.docs.get('зам')).toBe(30);
  expect(openFiles()).toBe(before);

  const stopped = new TrigramStats(test.database.sqlite!, 0);
  const refreshing = stopped.refresh();
  stopped.close();
  await refreshing;
  expect(stopped.of('clients')).toBeUndefined();
  expect(openFiles()).toBe(before);
});

it('tells when a list has grown by more than a tenth since it was counted', async () => {
  const stats = test.database.trigramStats!;
  expect(await stats.isStale()).toBe(true);
  await insertItems(
    test.database.db,
    Array.from({ length: 200 }, (_, i) => item(`задача ${i}`)),
  );
  await stats.refresh();
  expect(await stats.isStale()).toBe(false);
  await insertItems(
    test.database.db,
    Array.from({ length: 10 }, (_, i) => item(`ещё ${i}`)),
  );
  expect(await stats.isStale()).toBe(false);
  await insertItems(
    test.database.db,
    Array.from({ length: 20 }, (_, i) => item(`импорт ${i}`)),
  );
  expect(await stats.isStale()).toBe(true);
});

it('draws a sample of each list beside its counts: a small list whole, a big one in runs of rows', async () => {
  const stats = test.database.trigramStats!;
  expect(stats.sampleOf!('tasks')).toBeUndefined();
  await insertItems(test.database.db, [item('замена экрана'), item('чистка')]);
  await stats.refresh();
  expect(
    stats.sampleOf!('tasks')!
      .rows.map((row) => [row.text, row.state])
      .sort(),
  ).toEqual([
    ['замена экрана', 'new'],
    ['чистка', 'new'],
  ]);
  expect(stats.sampleOf!('tickets')!.rows).toEqual([]);
  // Half again as many as a sample holds: runs of 25 consecutive rows from random places.
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SAMPLE_ROWS * 1.5})
    insert into tasks (title, status, created_at, updated_at, search_text, work_state, work_sort)
    select 'задача ' || i, 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z',
           'задача ' || i, case when i % 2 then 'new' else 'in_progress' end, '0' || printf('%022d', i)
    from n`.execute(test.database.db);
  await stats.refresh();
  const { rows } = stats.sampleOf!('tasks')!;
  const numbers = rows.map((row) => Number(row.text.split(' ')[1]));
  // Each row once: runs that overlap (about half of 30,000 rows are drawn) give a row one «page».
  expect(new Set(numbers).size).toBe(rows.length);
  expect(rows.length).toBeGreaterThan(SAMPLE_ROWS * 0.6);
  expect(rows.length).toBeLessThanOrEqual(SAMPLE_ROWS);
  const pages = new Set(rows.map((row) => row.page));
  expect(pages.size).toBeGreaterThan(600);
  expect(Math.max(...pages)).toBeLessThan(SAMPLE_ROWS / 25);
  // A page's rows are of one run: 25 consecutive ids at most.
  for (const page of [...pages].slice(0, 50)) {
    const run = rows.filter((row) => row.page === page).map((row) => Number(row.text.split(' ')[1]));
    expect(Math.max(...run) - Math.min(...run)).toBeLessThan(25);
  }
  // Each row as written, its state with it.
  for (const row of rows.slice(0, 100)) {
    const i = Number(row.text.split(' ')[1]);
    if (Number.isNaN(i)) continue;
    expect(row.state).toBe(i % 2 ? 'new' : 'in_progress');
  }
});
