import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The counts beside the worklist's state filters (issue 20) are asked for with every worklist
 * load: by state, and by state for one assignee («Мои»). This index answers both without
 * reading the rows (200,000 items on SQLite: 61 ms → 8 ms, «Мои» 29 ms → 1 ms; docs/benchmarks.md).
 */
export function stateCountsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['tickets', 'tasks']) {
        await db.schema
          .createIndex(`${table}_state_assignee`)
          .on(table)
          .columns(['work_state', 'assignee_id'])
          .execute();
      }
    },
  };
}
