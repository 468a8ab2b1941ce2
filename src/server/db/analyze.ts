import { sql } from 'kysely';
import type { Database } from './database';

/** The tables whose statistics the worklist's, search's and dashboard's plans depend on. */
const PLANNED_TABLES = ['tickets', 'tasks', 'clients', 'history', 'files', 'users', 'stage_spans', 'jobs'];

/**
 * After a bulk change (migrations that ran, an import, a restore, a seed): PostgreSQL's planner
 * statistics, refreshed now instead of whenever autovacuum gets to it (never, where it is off).
 * Without them a freshly loaded database pages at 100–150 ms instead of a few (issue 22).
 * SQLite is left alone: its plans are chosen by the indexes we made for them, and statistics
 * (sqlite_stat1) could steer it off those.
 */
export async function refreshPlannerStatistics(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return;
  // Named tables, resolved through the search path: only our schema, not every schema in the database.
  await sql`analyze ${sql.join(PLANNED_TABLES.map((table) => sql.table(table)))}`.execute(database.db);
}
