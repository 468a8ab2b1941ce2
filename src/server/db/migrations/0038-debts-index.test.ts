import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_STATUSES, owingTickets } from '../../cash/takings';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database';

describe('migration 0038: the debts index', () => {
  it('lists the statuses FINISHED_STATUSES holds, in its order (else no query would use it)', () => {
    expect(FINISHED_STATUSES).toEqual([
      'repair_done',
      'to_pvz',
      'delivery_to_client',
      'notify_client',
      'closed',
    ]);
  });
});

for (const dialect of testDialects()) {
  describe(`the debts of finished repairs through tickets_debts [${dialect}]`, () => {
    let test: TestDatabase;

    beforeAll(async () => {
      test = await createTestDatabase(dialect);
    });
    afterAll(() => test.cleanup());

    it('counts, sums and orders only finished repairs that owe and are not in the Корзина', async () => {
      const { db } = test.database;
      const at = '2026-01-10T10:00:00.000Z';
      const ticket = (status: string, total: number, paid: number, deleted = false) => ({
        title: 'Гарантийный ремонт',
        description: '',
        repair_summary: '',
        client_name: '',
        status,
        assignee_name: '',
        created_by_name: '',
        created_at: at,
        updated_at: at,
        search_text: '',
        lines_total: total,
        paid,
        deleted_at: deleted ? at : null,
      });
      await db
        .insertInto('tickets')
        .values([
          ticket('closed', 5000, 1000),
          ticket('notify_client', 9000, 0),
          ticket('in_repair', 7000, 0),
          ticket('closed', 3000, 3000),
          ticket('closed', 8000, 0, true),
        ])
        .execute();
      const debts = () =>
        owingTickets(db).select((eb) => [
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.sum<string | number>(eb('tickets.lines_total', '-', eb.ref('tickets.paid'))).as('due'),
        ]);
      const sums = await debts().executeTakeFirstOrThrow();
      expect([Number(sums.n), Number(sums.due)]).toEqual([2, 13000]);
      if (dialect !== 'sqlite') return;
      // A shop's shape, most repairs finished and paid, without statistics, as the server keeps
      // SQLite (db/analyze.ts). On a handful of rows any plan is as good as another.
      for (let start = 0; start < 3000; start += 500) {
        await db
          .insertInto('tickets')
          .values(Array.from({ length: 500 }, () => ticket('closed', 4000, 4000)))
          .execute();
      }
      const query = debts().compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toContain('tickets_debts');
    });
  });
}
