import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

export function clientsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('clients'), dialect)
        .addColumn('full_name', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('warranty', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('whatsapp_url', 'text')
        // Written by app code: normalizeSearchText(full_name) and phoneDigits(phone).
        .addColumn('search_name', 'text', (col) => col.notNull())
        .addColumn('phone_digits', 'text', (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('clients_created').on('clients').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('clients').execute();
    },
  };
}
