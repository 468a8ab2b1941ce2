import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Which record of the previous system became which record here (issue 21, `npm run import`):
 * one row per imported user, client, ticket or task, written in the same transaction as the
 * record. A second run skips what is listed, so re-running adds nothing and a run cut off
 * part-way goes on where it stopped. A record deleted here later stays listed: the import
 * does not bring it back.
 */
export function importSourcesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('import_sources')
        .addColumn('source_kind', 'text', (col) => col.notNull())
        .addColumn('source_id', 'text', (col) => col.notNull())
        .addColumn('local_id', 'integer', (col) => col.notNull())
        .addColumn('imported_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('import_sources_pk', ['source_kind', 'source_id'])
        .execute();
    },
  };
}
