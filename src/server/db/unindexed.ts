import { sql } from 'kysely';

/**
 * A column the planner must not pick an index for, in a condition that stays the same. SQLite
 * takes an equality on `status` or `deleted_at` for its index over a range that reads far fewer
 * rows — every closed repair of two years instead of a month's (bench:reports, issue 53).
 * PostgreSQL plans by cost and chooses the range either way.
 */
export const unindexed = (column: string) => sql<string>`(${sql.ref(column)} || '')`;
