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
 * - SQLite: its search indexes merged into one segment each. A bulk load leaves thousands of
 *   small segments, whose merging FTS5 then does a piece at a time in the writes that follow:
 *   after a 2,000,000-item seed, single-row writes of searched text averaged 5–8 ms (median 0.3),
 *   and 0.35 ms once merged. The merge goes in steps (mergeSearchIndexes), each its own short
 *   write, so that a server running beside an import is not kept from writing meanwhile. Its
 *   planner statistics are left alone: its plans are chosen by the indexes we made for them, and
 *   statistics (sqlite_stat1) could steer it off those.
 */
export async function afterBulkChange(database: Database): Promise<void> {
  const kept = await hasKeptCounts(database);
  if (kept) await foldCounts(database);
  if (database.dialect === 'sqlite') {
    await mergeSearchIndexes(database);
    return;
  }
  // Named tables, resolved through the search path: only our schema, not every schema in the database.
  // Outside a transaction (VACUUM cannot run in one): every caller runs it after its own.
  // The folded changes' space too, which VACUUM gives back when the table's rows are all gone.
  const tables = kept ? [...PLANNED_TABLES, 'work_count_changes'] : PLANNED_TABLES;
  await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(database.db);
}

/**
 * SQLite's search indexes merged into one segment each, as FTS5's `optimize` does, but in steps
 * of at most `pages` pages written, each step its own write, with a pause after it: `optimize`
 * is one write holding SQLite's write lock throughout — 1.5 s after an import of 4,000 records at
 * 200,000 items, while a server beside it that wanted to write waited, its thread stopped
 * (SQLite's busy wait). Returns how many steps did work.
 */
export async function mergeSearchIndexes(
  database: Database,
  { pages = MERGE_STEP_PAGES, pauseMs = MERGE_PAUSE_MS } = {},
): Promise<number> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name in (${sql.join(SEARCH_INDEXES)})`.execute(
    database.db,
  );
  let steps = 0;
  for (const { name } of rows) {
    for (let step = 0; step < MERGE_MAX_STEPS; step += 1) {
      const before = await totalChanges(database);
      // FTS5 («merge»): a negative count starts a merge of every segment, not only those its own
      // rule would take; a positive one goes on with it. Negative again, it would start over with
      // the segments others wrote meanwhile (a server beside an import), and might never end.
      const count = step === 0 ? -pages : pages;
      await sql`
        insert into ${sql.table(name)} (${sql.ref(name)}, rank) values ('merge', ${count})`.execute(
        database.db,
      );
      // FTS5's way to tell: fewer than two rows written, and there was nothing left to merge.
      if ((await totalChanges(database)) - before < 2) break;
      steps += 1;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return steps;
}

async function totalChanges(database: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(database.db);
  return Number(rows[0]?.n);
}

/** A bound on one index's merge steps: 200 pages each, far beyond any index we keep. */
const MERGE_MAX_STEPS = 100_000;

/** Pages a merge step writes: about 0.8 MB, a few tens of milliseconds of the write lock. */
const MERGE_STEP_PAGES = 200;

/**
 * The pause after each merge step: longer than SQLite's busy wait sleeps between its tries early
 * on, so that a waiting writer of another process gets the lock in between.
 */
const MERGE_PAUSE_MS = 30;

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
