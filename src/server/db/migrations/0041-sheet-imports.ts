import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Imports from another repair system's spreadsheet (issue 56, src/server/sheet-import):
 * - `import_batches`: one per file imported, with its progress and what it made;
 * - `import_batch_items`: each client and repair a batch created, at the version it was created
 *   with, so that undoing the batch removes exactly those while nobody has changed them. A repair's
 *   `row_key` names its source row («n:<number>» or a digest of the row); a key already imported
 *   is not imported again. Undoing the batch deletes its items, so the rows can come in again.
 */
export function sheetImportsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('import_batches'), dialect)
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('ticket_type', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('rows_total', 'integer', (col) => col.notNull())
        .addColumn('rows_done', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('tickets_created', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('clients_created', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rows_skipped', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rows_refused', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('refusals', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        // The last chunk written: a batch «running» whose progress stopped long ago was cut off.
        .addColumn('progress_at', 'text', (col) => col.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('undone_at', 'text')
        .addColumn('undone_by_name', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await withIdColumn(db.schema.createTable('import_batch_items'), dialect)
        .addColumn('batch_id', 'integer', (col) =>
          col.notNull().references('import_batches.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('record_id', 'integer', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('row_key', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('import_batch_items_batch')
        .on('import_batch_items')
        .columns(['batch_id', 'kind', 'record_id'])
        .execute();
      // A source row is in at most once (two imports of one file at once included).
      await db.schema
        .createIndex('import_batch_items_row')
        .on('import_batch_items')
        .column('row_key')
        .unique()
        .where(sql.ref('row_key'), '<>', sql.lit(''))
        .execute();
    },
  };
}
