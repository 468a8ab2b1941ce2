import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Counted attempts (failed sign-ins, registrations, status-page views) per key in a window that
 * starts at the key's first attempt (issue 23): in the database, so that several app instances
 * count together instead of each allowing the limit on its own.
 */
export function attemptCountsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('attempt_counts')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('attempt_counts_pk', ['scope', 'key'])
        .execute();
      // The sweep of expired windows.
      await db.schema
        .createIndex('attempt_counts_started')
        .on('attempt_counts')
        .columns(['scope', 'started_at'])
        .execute();
    },
  };
}
