import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { newClientColumns } from '../clients/client-columns';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { scheduleTrigramStats } from './trigram-stats-job';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await test.cleanup();
});

it('counts the trigrams soon after start, and once stopped counts no more', async () => {
  const stats = test.database.trigramStats!;
  const stop = scheduleTrigramStats(stats, pino({ level: 'silent' }));
  expect(stats.of('tasks')).toBeUndefined();
  await expect.poll(() => stats.of('tasks'), { timeout: 5000 }).toEqual({ rows: 0, docs: new Map() });
  await stop();
  // Closed: a refresh asked for now reads nothing.
  await test.database.db
    .insertInto('clients')
    .values({
      ...newClientColumns({ fullName: 'Новый Клиент', phone: '' }),
      created_by: null,
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    })
    .execute();
  await stats.refresh();
  expect(stats.of('clients')!.rows).toBe(0);
});
