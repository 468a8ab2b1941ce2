import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * How a ticket's device came in (issue 18): 'pvz' (the spec's pipeline, every existing
 * ticket) or 'walk_in' (brought to the shop, no delivery steps). Values: src/domain/ticket-status.ts.
 */
export function walkInMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tickets')
        .addColumn('intake', 'text', (col) => col.notNull().defaultTo('pvz'))
        .execute();
    },
  };
}
