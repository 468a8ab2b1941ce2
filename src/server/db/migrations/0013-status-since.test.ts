import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0013: when each ticket entered its status, from its history [${dialect}]`, () => {
    let test: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0012-state-counts');
      database = test.database;
    });
    afterAll(() => test.cleanup());

    it('takes the latest status change, or the creation for a ticket that never moved', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = database.db as any;
      const created = '2026-01-10T10:00:00.000Z';
      const insertTicket = async (title: string) =>
        (
          await db
            .insertInto('tickets')
            .values({ title, status: 'in_repair', created_at: created, updated_at: created })
            .returning('id')
            .execute()
        )[0].id as number;
      const moved = await insertTicket('Двигалась');
      const still = await insertTicket('Стояла');
      const history = (itemId: number, ts: string, action: string) => ({
        item_kind: 'ticket',
        item_id: itemId,
        ts,
        user_name: 'Иван',
        action,
        new_status: action === 'status_change' ? 'in_repair' : null,
      });
      await db
        .insertInto('history')
        .values([
          history(moved, '2026-01-11T10:00:00.000Z', 'status_change'),
          history(moved, '2026-01-15T10:00:00.000Z', 'status_change'),
          history(moved, '2026-01-20T10:00:00.000Z', 'edit_description'),
          history(still, '2026-01-12T10:00:00.000Z', 'edit_description'),
          // Another kind's row with the same id must not count.
          { ...history(still, '2026-02-01T10:00:00.000Z', 'status_change'), item_kind: 'task' },
        ])
        .execute();

      const result = await migrateToLatest(database);
      expect(result.error).toBeUndefined();
      const rows = await database.db
        .selectFrom('tickets')
        .select(['id', 'status_since'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: moved, status_since: '2026-01-15T10:00:00.000Z' },
        { id: still, status_since: created },
      ]);
    });
  });
}
