import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withBinaryCollation, withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

export function ticketsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      // The id is the ticket's human number (#1, #2, …).
      await withIdColumn(db.schema.createTable('tickets'), dialect)
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('repair_summary', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('due_date', 'text')
        // Deleting a client keeps its tickets, which keep the client's name.
        .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
        .addColumn('client_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('assignee_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('delivery_provider', 'text')
        .addColumn('return_provider', 'text')
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('closed_at', 'text')
        // normalizeSearchText(title + ' ' + client_name), written by app code.
        .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
        // Derived by app code (src/server/work/derived-columns.ts): the client's phone digits
        // for search, and the worklist's state and order key.
        .addColumn('client_phone_digits', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('work_state', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('work_sort', 'text', (col) => withBinaryCollation(col.notNull().defaultTo(''), dialect))
        .execute();
      await db.schema.createIndex('tickets_work').on('tickets').columns(['work_sort', 'id']).execute();
      await db.schema
        .createIndex('tickets_assignee_work')
        .on('tickets')
        .columns(['assignee_id', 'work_sort', 'id'])
        .execute();
      await db.schema.createIndex('tickets_created').on('tickets').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('tickets_status').on('tickets').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('tickets_client').on('tickets').column('client_id').execute();

      await withIdColumn(db.schema.createTable('ticket_history'), dialect)
        .addColumn('ticket_id', 'integer', (col) =>
          col.notNull().references('tickets.id').onDelete('cascade'),
        )
        .addColumn('ts', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('new_status', 'text')
        .execute();
      await db.schema
        .createIndex('ticket_history_ticket')
        .on('ticket_history')
        .columns(['ticket_id', 'id'])
        .execute();

      // Metadata of stored files; the bytes live in the FileStore under `path`.
      await withIdColumn(db.schema.createTable('files'), dialect)
        .addColumn('ticket_id', 'integer', (col) => col.references('tickets.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull().unique())
        .addColumn('thumb_path', 'text')
        .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('uploaded_by_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('files_ticket').on('files').columns(['ticket_id', 'kind']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('files').execute();
      await db.schema.dropTable('ticket_history').execute();
      await db.schema.dropTable('tickets').execute();
    },
  };
}
