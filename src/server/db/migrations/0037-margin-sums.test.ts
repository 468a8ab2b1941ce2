import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabaseAt,
  migrateTestDatabaseTo,
  testDialects,
  type TestDatabase,
} from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0037: the margin's sums kept on each ticket [${dialect}]`, () => {
    let test: TestDatabase;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0036-pay');
    });
    afterAll(() => test.cleanup());

    it('sums the works, the parts’ cost and the parts without a cost of tickets already there', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = test.database.db as any;
      const at = '2026-01-10T10:00:00.000Z';
      const ticket = (title: string) => ({
        title,
        description: '',
        repair_summary: '',
        client_name: '',
        status: 'closed',
        assignee_name: '',
        created_by_name: '',
        created_at: at,
        updated_at: at,
        search_text: '',
      });
      const [withLines, bare] = await db
        .insertInto('tickets')
        .values([ticket('С работами'), ticket('Без строк')])
        .returning('id')
        .execute();
      const line = (kind: string, quantity: number, price: number, discount: number, cost: number) => ({
        ticket_id: withLines.id,
        kind,
        name: kind,
        quantity,
        price,
        discount,
        cost,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('ticket_lines')
        .values([
          line('work', 2, 100000, 50000, 0), // 1 500 ₽
          line('work', 1, 10000, 20000, 0), // a discount over the price counts as 0
          line('part', 3, 50000, 0, 20000), // costs 600 ₽, no part: without a cost of the shop's own
        ])
        .execute();
      const result = await migrateTestDatabaseTo(test.database, '0037-margin-sums');
      expect(result.error).toBeUndefined();
      const rows = await db
        .selectFrom('tickets')
        .select(['id', 'works_total', 'parts_cost', 'parts_without_cost'])
        .orderBy('id')
        .execute();
      expect(rows.map((row: Record<string, unknown>) => Object.values(row).map(Number))).toEqual([
        [withLines.id, 150000, 60000, 1],
        [bare.id, 0, 0, 0],
      ]);
    });
  });
}
