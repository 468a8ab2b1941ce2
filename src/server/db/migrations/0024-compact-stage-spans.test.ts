import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';
import { recordStageSpan } from '../../tickets/stage-spans';
import { migrateToLatest } from '../migrate';

for (const dialect of testDialects()) {
  describe(`migration 0024: the stage spans kept in the dashboard's order alone [${dialect}]`, () => {
    let test: TestDatabase;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0023-work-counts');
    });
    afterAll(() => test.cleanup());

    it('keeps every span once, outliving its ticket, and is read off its own key', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = test.database.db as any;
      const at = '2026-01-10T10:00:00.000Z';
      const ticket = async (title: string) =>
        (
          await db
            .insertInto('tickets')
            .values({ title, status: 'in_repair', created_at: at, updated_at: at })
            .returning('id')
            .execute()
        )[0].id as number;
      const first = await ticket('Первая');
      const second = await ticket('Вторая');
      const span = (ticket_id: number, status: string, left_at: string, days: number) => ({
        ticket_id,
        status,
        entered_at: at,
        left_at,
        days,
      });
      await db
        .insertInto('stage_spans')
        .values([
          span(first, 'new', '2026-01-11T10:00:00.000Z', 1),
          span(first, 'at_pvz', '2026-01-13T10:00:00.000Z', 2),
          // The same ticket leaving the same status at the same instant, twice: one span.
          span(second, 'new', '2026-01-11T10:00:00.000Z', 1),
          span(second, 'new', '2026-01-11T10:00:00.000Z', 1),
        ])
        .execute();

      expect((await migrateToLatest(test.database)).error).toBeUndefined();
      const read = () =>
        test.database.db
          .selectFrom('stage_spans')
          .select(['status', 'left_at', 'ticket_id', 'days'])
          .orderBy('status')
          .orderBy('left_at')
          .orderBy('ticket_id')
          .execute();
      expect(await read()).toEqual([
        { status: 'at_pvz', left_at: '2026-01-13T10:00:00.000Z', ticket_id: first, days: 2 },
        { status: 'new', left_at: '2026-01-11T10:00:00.000Z', ticket_id: first, days: 1 },
        { status: 'new', left_at: '2026-01-11T10:00:00.000Z', ticket_id: second, days: 1 },
      ]);

      // A step recorded twice (a retried request) is still one span; a new one is added.
      const left = { id: first, status: 'in_repair', since: '2026-01-13T10:00:00.000Z' };
      await recordStageSpan(test.database.db, left, '2026-01-15T10:00:00.000Z');
      await recordStageSpan(test.database.db, left, '2026-01-15T10:00:00.000Z');
      expect((await read()).filter((row) => row.status === 'in_repair')).toEqual([
        { status: 'in_repair', left_at: '2026-01-15T10:00:00.000Z', ticket_id: first, days: 2 },
      ]);

      // Deleted for good, the ticket's spans stay with the shop's averages.
      await test.database.db.deleteFrom('tickets').where('id', '=', first).execute();
      expect(await read()).toHaveLength(4);

      // One B-tree: no other index, and SQLite keeps no rowid beside the key.
      const indexes =
        dialect === 'postgres'
          ? (
              await sql<{ name: string }>`
                select indexname as name from pg_indexes where tablename = 'stage_spans'
                  and schemaname = current_schema()`.execute(test.database.db)
            ).rows
          : (
              await sql<{ name: string }>`
                select name from sqlite_master where type = 'index' and tbl_name = 'stage_spans'`.execute(
                test.database.db,
              )
            ).rows;
      expect(indexes.map((row) => row.name)).toEqual(dialect === 'postgres' ? ['stage_spans_pkey'] : []);
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ sql: string }>`
          select sql from sqlite_master where name = 'stage_spans'`.execute(test.database.db);
        expect(rows[0]!.sql).toMatch(/without rowid/i);
      }
    });
  });
}
