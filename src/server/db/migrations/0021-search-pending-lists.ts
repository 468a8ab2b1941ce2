import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: the search's GIN indexes keep a short pending list (`gin_pending_list_limit` of
 * 256 kB instead of the server's 4 MB), and the lists pending now are merged in. Every search
 * reads the whole pending list of the indexes it asks (~450 pages after a 2,000,000-item seed),
 * and the planner, costing it once per state asked, left the state out of the index scan
 * («зайцева» among open tickets: 15,478 rows visited instead of 2,029). Without a pending list at
 * all (`fastupdate = off`) an import of 20,000 rows took 5.3–5.9 s instead of 1.3 s; with 256 kB,
 * 1.7 s, and a search reads at most 32 pages of it (docs/search.md). And a phone's start is
 * read off a B-tree of the state and the digits. SQLite: nothing to do (its phone start B-tree
 * holds the state already).
 */
/** The pending list's limit in kB: a few hundred writes between merges. */
const PENDING_LIST_KB = 256;

export function searchPendingListsMigration(dialect: DialectName): Migration {
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
        await sql`alter index ${sql.raw(name)} set (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KB)})`.execute(
          db,
        );
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
