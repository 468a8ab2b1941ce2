import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `tickets_debts` replaces `tickets_owing` (issue 53): only finished repairs that owe, in the
 * order «Долги» and «Сводка» list them (the largest debt first). `tickets_owing` also held every
 * unfinished repair with lines, so PostgreSQL judged it no better than reading the whole table
 * and did (bench:reports at 200,000 repairs: «Долги» 220 ms p95, over its 200 ms target).
 * It carries what they sum and filter on, so neither reads the table for it.
 * The statuses are cash/takings.ts FINISHED_STATUSES, in that order: a query uses this index
 * only where its own `status in (…)` is the same list.
 */
export function debtsIndexMigration(dialect: DialectName): Migration {
  // As db/unindexed.ts writes `status` for SQLite: a query's term must be the index's exactly,
  // and SQLite, without statistics, would take `status`'s own index for a plain `status in`.
  const status = dialect === 'sqlite' ? sql`(status || '')` : sql`status`;
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('tickets_owing').execute();
      await sql`create index tickets_debts
        on tickets ((lines_total - paid) desc, id, lines_total, paid, deleted_at)
        where lines_total > paid
          and ${status} in ('repair_done', 'to_pvz', 'delivery_to_client', 'notify_client', 'closed')`.execute(
        db,
      );
    },
  };
}
