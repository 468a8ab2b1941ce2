import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * A column SQLite's planner must not pick an index for, in a condition that stays the same.
 * SQLite takes an equality on `status` or `deleted_at` for its index over a range that reads far
 * fewer rows: every closed repair of two years instead of a month's (bench:reports, issue 53).
 * PostgreSQL plans by cost and keeps the plain column: the expression cost it a good plan there.
 */
export function unindexed<DB>(db: Kysely<DB>, column: string) {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<string>`(${sql.ref(column)} || '')`
    : sql<string>`${sql.ref(column)}`;
}
