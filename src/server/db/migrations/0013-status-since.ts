import { sql, type Kysely, type Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * When a ticket entered its current status (issue 20: time limits per status). Taken from the
 * ticket's history — its latest status change, or its creation when it never moved — and
 * from then on written with every step, in the same transaction as the step's history row.
 */
export function statusSinceMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tickets').addColumn('status_since', 'text').execute();
      await sql`
        UPDATE tickets SET status_since = COALESCE(
          (SELECT MAX(h.ts) FROM history h
            WHERE h.item_kind = 'ticket' AND h.item_id = tickets.id AND h.action = 'status_change'
              AND h.ts LIKE '____-__-__T%Z'),
          tickets.created_at)
      `.execute(db);
    },
  };
}
