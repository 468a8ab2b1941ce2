import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Optimistic concurrency (docs/decisions/008-edit-versions.md): every record people
 * edit together carries a version that each write raises, and per field the version
 * and the user of its last change, so a stale save of a field someone else changed
 * is refused while edits to different fields merge.
 */
export function editVersionsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['clients', 'tickets', 'tasks']) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('field_versions', 'text', (col) => col.notNull().defaultTo('{}'))
          .execute();
      }
    },
  };
}
