import { sql } from 'kysely';
import type { Database } from './database';
import { foldCounts } from './fold-work-counts';

/** The tables whose statistics the worklist's, search's and dashboard's plans depend on. */
const PLANNED_TABLES = ['tickets', 'tasks', 'clients', 'history', 'files', 'users', 'stage_spans', 'jobs'];

/**
 * After a bulk change (migrations that ran, an import, a restore, a seed), what the database
 * needs to answer at once instead of whenever its upkeep gets to it:
 * - The worklist's kept counts with the changes the bulk change appended folded in: a seed of
 *   2,000,000 items appends three changes an item, which the next count would otherwise sum.
 * - PostgreSQL: the planner's statistics, refreshed now instead of whenever autovacuum gets to it
 *   (never, where it is off). Without them a freshly loaded database pages at 100–150 ms instead
 *   of a few (issue 22). And VACUUM's visibility map, by which an index-only scan knows a row
 *   visible without its table page: a phone's start is read so (docs/search.md), and rows loaded in bulk
 *   are not marked until a VACUUM.
 * - SQLite: its search indexes merged into one segment each (FTS5 `optimize`). A bulk load leaves
 *   thousands of small segments, whose merging FTS5 then does a piece at a time in the writes
 *   that follow: after a 2,000,000-item seed, single-row writes of searched text averaged 5–8 ms
 *   (median 0.3), and 0.35 ms once optimized (~7 s at that size, ~0.7 s at 200,000). Its planner
 *   statistics are left alone: its plans are chosen by the indexes we made for them, and
 *   statistics (sqlite_stat1) could steer it off those.
 */
export async function afterBulkChange(database: Database): Promise<void> {
  const kept = await hasKeptCounts(database);
  if (kept) await foldCounts(database);
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name in (${sql.join(SEARCH_INDEXES)})`.execute(
      database.db,
    );
    for (const { name } of rows) {
      await sql`insert into ${sql.table(name)} (${sql.ref(name)}) values ('optimize')`.execute(database.db);
    }
    return;
  }
  // Named tables, resolved through the search path: only our schema, not every schema in the database.
  // Outside a transaction (VACUUM cannot run in one): every caller runs it after its own.
  // The folded changes' space too, which VACUUM gives back when the table's rows are all gone.
  const tables = kept ? [...PLANNED_TABLES, 'work_count_changes'] : PLANNED_TABLES;
  await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(database.db);
}

/** SQLite's FTS5 tables of the search (migration 0017). */
const SEARCH_INDEXES = ['tickets', 'tasks', 'clients'].flatMap((table) => [
  `${table}_search`,
  `${table}_grams`,
]);

/** Migration 0023 has run (a database migrated part of the way has no kept counts to fold). */
async function hasKeptCounts(database: Database): Promise<boolean> {
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ found: number }>`
          select count(*) as found from sqlite_master where name = 'work_count_changes'`.execute(database.db)
      : await sql<{ found: number }>`
          select count(*) as found from pg_class
          where relname = 'work_count_changes' and relnamespace = current_schema()::regnamespace`.execute(
          database.db,
        );
  return Number(rows[0]?.found) > 0;
}
