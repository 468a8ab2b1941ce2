import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: the search's GIN indexes take each write at once instead of through their pending
 * list (`fastupdate = off`), and the lists pending now are merged in. With the pending list on,
 * every search read the whole of it (up to `gin_pending_list_limit`, 4 MB: ~450 pages at
 * 2,000,000 items) and the planner, costing it, took a rare query for a common one and the state
 * out of the index scan («зайцева» among open tickets: 15,478 rows visited instead of 2,029). A
 * write pays ~1 ms more at 2,000,000 items and never the merge of 4 MB at once
 * (docs/decisions/031). And a phone's start is read off a B-tree of the state and the digits.
 * SQLite: nothing to do (its phone start B-tree holds the state already).
 */
export function searchIndexDirectMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ name: string }>`
        select quote_ident(index_class.relname) as name
        from pg_index
        join pg_class index_class on index_class.oid = pg_index.indexrelid
        join pg_am on pg_am.oid = index_class.relam
        where pg_am.amname = 'gin'
          and pg_index.indrelid in ('tickets'::regclass, 'tasks'::regclass, 'clients'::regclass)
        order by 1`.execute(db);
      for (const { name } of rows) {
        await sql`alter index ${sql.raw(name)} set (fastupdate = off)`.execute(db);
        await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
      }
      // A phone's start among the states a list shows, inside one B-tree: the digits' B-tree
      // alone named «8912…» in every state (9,460 rows visited among 1,000,000 tickets for the
      // 1,424 open ones).
      for (const table of ['tickets', 'tasks']) {
        await sql`
          create index ${sql.raw(`${table}_state_phone_start`)} on ${sql.table(table)}
          ((work_state || ''), client_phone_digits text_pattern_ops)`.execute(db);
        await sql`drop index if exists ${sql.raw(`${table}_phone_start`)}`.execute(db);
      }
    },
  };
}
