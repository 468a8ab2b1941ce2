import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0015: how long tickets stayed in each status, from their history [${dialect}]`, () => {
    let test: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0014-jobs');
      database = test.database;
    });
    afterAll(() => test.cleanup());

    it('one span per step: the first from creation (its status read from the label), the rest between steps', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = database.db as any;
      const created = '2026-01-10T10:00:00.000Z';
      const insertTicket = async (title: string, intake = 'pvz') =>
        (
          await db
            .insertInto('tickets')
            .values({ title, status: 'in_repair', intake, created_at: created, updated_at: created })
            .returning('id')
            .execute()
        )[0].id as number;
      const shipped = await insertTicket('Через ПВЗ');
      const walkIn = await insertTicket('Принёс сам', 'walk_in');
      const step = (itemId: number, ts: string, from: string, to: string) => ({
        item_kind: 'ticket',
        item_id: itemId,
        ts,
        user_name: 'Иван',
        action: 'status_change',
        old_value: from,
        new_value: to,
        new_status:
          to === 'Доставка оформлена'
            ? 'delivery_requested'
            : to === 'В ремонте'
              ? 'in_repair'
              : 'repair_done',
      });
      await db
        .insertInto('history')
        .values([
          step(shipped, '2026-01-11T10:00:00.000Z', 'Новая', 'Доставка оформлена'),
          step(shipped, '2026-01-14T22:00:00.000Z', 'Доставка оформлена', 'В ремонте'),
          {
            ...step(shipped, '2026-01-15T10:00:00.000Z', '', ''),
            action: 'edit_description',
            new_status: null,
          },
          step(walkIn, '2026-01-10T16:00:00.000Z', 'Новая', 'В ремонте'),
          step(walkIn, '2026-01-12T16:00:00.000Z', 'В ремонте', 'Готов к выдаче'),
          // A date the old tool wrote in its own way drops the spans it bounds, not more: the
          // next step is still credited to «Готов к выдаче» from its own start.
          step(walkIn, '13.01.2026', 'Готов к выдаче', 'В ремонте'),
          step(walkIn, '2026-01-14T16:00:00.000Z', 'В ремонте', 'Готов к выдаче'),
        ])
        .execute();

      // To the latest schema: the span's start, kept here at first, is dropped by 0024.
      expect((await migrateToLatest(database)).error).toBeUndefined();
      const spans = await database.db
        .selectFrom('stage_spans')
        .select(['ticket_id', 'status', 'left_at', 'days'])
        .orderBy('ticket_id')
        .orderBy('left_at')
        .execute();
      expect(spans.map((span) => ({ ...span, days: Math.round(Number(span.days) * 100) / 100 }))).toEqual([
        {
          ticket_id: shipped,
          status: 'new',
          left_at: '2026-01-11T10:00:00.000Z',
          days: 1,
        },
        {
          ticket_id: shipped,
          status: 'delivery_requested',
          left_at: '2026-01-14T22:00:00.000Z',
          days: 3.5,
        },
        {
          ticket_id: walkIn,
          status: 'new',
          left_at: '2026-01-10T16:00:00.000Z',
          days: 0.25,
        },
        {
          ticket_id: walkIn,
          status: 'in_repair',
          left_at: '2026-01-12T16:00:00.000Z',
          days: 2,
        },
      ]);
      // (The span from 12.01 to the odd date and the one from it to 14.01 are both left out.)
    });
  });
}
