import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A ticket's estimate (смета, issue 50): one row per ticket holding the version last sent to the
 * client — a copy of its lines and total, so the client answers exactly what they saw, however
 * the lines change afterwards — and the client's answer with its time. A new version clears the
 * answer; an answer names its version, so one given to an older version is refused.
 */
export function estimatesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('estimates')
        .addColumn('ticket_id', 'integer', (col) =>
          col.primaryKey().references('tickets.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('lines', 'text', (col) => col.notNull())
        .addColumn('total', 'bigint', (col) => col.notNull())
        .addColumn('sent_at', 'text', (col) => col.notNull())
        .addColumn('sent_by_name', 'text', (col) => col.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_at', 'text')
        .execute();
    },
  };
}
