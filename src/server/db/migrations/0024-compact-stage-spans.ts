import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The stage spans (0015) kept as the dashboard reads them, and nothing else (issue 47, the size on
 * disk): one B-tree ordered by (status, left_at, ticket_id) holding the span's length, instead of
 * a table, an index of the same order and an index by ticket — 96 MB of a 331 MB SQLite file at
 * 200,000 items (docs/benchmarks.md «Size on disk»). SQLite keeps it WITHOUT ROWID; PostgreSQL as
 * the primary key's index with the length included, for index-only reads.
 *
 * Dropped with it: the span's start, which nothing read (its length is kept), and the foreign key
 * to its ticket. A span is a fact of the shop's past, as a closed week's count is: a ticket deleted
 * for good (the Корзина's purge) leaves its spans to the dashboard's averages, as a ticket in the
 * Корзина already did, so no index by ticket is needed to delete them with it. Two spans of one
 * ticket leaving one status at the same instant (an imported history stepping back and forth
 * within a second) are one span.
 */
export function compactStageSpansMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      const columns = sql`status text not null, left_at text not null, ticket_id integer not null, days real not null`;
      await (
        dialect === 'postgres'
          ? sql`create table stage_spans_compact (${columns},
            constraint stage_spans_compact_pkey primary key (status, left_at, ticket_id) include (days))`
          : sql`create table stage_spans_compact (${columns},
            primary key (status, left_at, ticket_id)) without rowid`
      ).execute(db);
      // In the key's order: SQLite then fills each page of the new B-tree whole.
      await sql`
        insert into stage_spans_compact (status, left_at, ticket_id, days)
        select status, left_at, ticket_id, max(days) from stage_spans
        group by status, left_at, ticket_id
        order by status, left_at, ticket_id`.execute(db);
      await db.schema.dropTable('stage_spans').execute();
      await sql`alter table stage_spans_compact rename to stage_spans`.execute(db);
      if (dialect === 'postgres') {
        await sql`alter table stage_spans rename constraint stage_spans_compact_pkey to stage_spans_pkey`.execute(
          db,
        );
      }
    },
  };
}
