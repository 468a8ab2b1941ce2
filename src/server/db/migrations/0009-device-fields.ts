import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The columns as they were added; src/domain/device-fields.ts names them for the app. */
const COLUMNS = ['device', 'serial_number', 'kit', 'device_condition', 'complaint', 'warranty_card'];

/**
 * A ticket's device (issue 18): model, serial number or IMEI, what came with it, its state,
 * the fault in the client's words, the warranty card's number. Empty for existing tickets
 * (their description holds what staff typed before), so no search text changes.
 */
export function deviceFieldsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const column of COLUMNS) {
        await db.schema
          .alterTable('tickets')
          .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
