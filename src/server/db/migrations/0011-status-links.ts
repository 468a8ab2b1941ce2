import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A ticket's public status page (issue 19) at `/s/<token>`: 144 random bits per ticket,
 * unique. New tickets get theirs when created; an older ticket gets one the first time it is
 * read (src/server/status-page/status-links.ts), so this migration stays instant on a big
 * database instead of writing every row.
 */
export function statusLinksMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tickets').addColumn('status_token', 'text').execute();
      // Unique where set; any number of tickets may still be without one.
      await db.schema
        .createIndex('tickets_status_token')
        .on('tickets')
        .column('status_token')
        .unique()
        .execute();
    },
  };
}
