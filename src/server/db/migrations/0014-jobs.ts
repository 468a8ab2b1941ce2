import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Scheduled work kept in the database (issue 20, docs/decisions/016-jobs-with-leases.md): the
 * morning reminders and overdue notices. The key names the work once («digest:2026-11-23»), so
 * a second instance inserting it again does nothing; an instance takes a due job by writing its
 * name and a lease end over an expired lease, so two never run it at once; a job stays until it
 * is marked done, so a restart loses nothing.
 */
export function jobsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('run_at', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('done_at', 'text')
        .addColumn('outcome', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('jobs_pending').on('jobs').columns(['done_at', 'run_at']).execute();
      // Overdue notices look at what changed since the last look, not at every item.
      for (const table of ['tickets', 'tasks']) {
        await db.schema.createIndex(`${table}_updated`).on(table).column('updated_at').execute();
      }
    },
  };
}
