import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0007: history for every record, the Корзина, phone keys [${dialect}]`, () => {
    let test: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0006-edit-versions');
      database = test.database;
    });
    afterAll(() => test.cleanup());

    it('moves the tickets’ history over in order, fills phone keys, and leaves every record live', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = database.db as any;
      const ts = '2026-01-10T10:00:00.000Z';
      const [{ id: clientId }] = await db
        .insertInto('clients')
        .values({
          full_name: 'Старый Клиент',
          phone: '8 (912) 345-67-89',
          search_name: 'старый клиент',
          phone_digits: '89123456789',
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .execute();
      const [{ id: ticketId }] = await db
        .insertInto('tickets')
        .values({
          title: 'Замена SSD',
          status: 'at_pvz',
          client_id: clientId,
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .execute();
      await db
        .insertInto('ticket_history')
        .values([
          {
            ticket_id: ticketId,
            ts,
            user_name: 'Иван',
            action: 'create',
            note: 'Замена SSD',
            new_status: 'new',
          },
          { ticket_id: ticketId, ts, user_name: 'Иван', action: 'set_provider', note: 'СДЭК' },
          {
            ticket_id: ticketId,
            ts,
            user_name: 'Анна',
            action: 'status_change',
            note: 'x',
            new_status: 'at_pvz',
          },
        ])
        .execute();

      await migrateToLatest(database);

      const history = await database.db
        .selectFrom('history')
        .select(['item_kind', 'item_id', 'action', 'note', 'new_status', 'user_name', 'old_value'])
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        expect.objectContaining({
          item_kind: 'ticket',
          item_id: ticketId,
          action: 'create',
          note: 'Замена SSD',
        }),
        expect.objectContaining({ action: 'set_provider', note: 'СДЭК', old_value: null }),
        expect.objectContaining({ action: 'status_change', new_status: 'at_pvz', user_name: 'Анна' }),
      ]);
      const client = await database.db
        .selectFrom('clients')
        .select(['phone_key', 'deleted_at'])
        .executeTakeFirstOrThrow();
      expect(client).toEqual({ phone_key: '79123456789', deleted_at: null });
      const ticket = await database.db.selectFrom('tickets').select('deleted_at').executeTakeFirstOrThrow();
      expect(ticket.deleted_at).toBeNull();
    });
  });
}
