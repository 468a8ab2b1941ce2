import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withBinaryCollation, withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

export function tasksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      // The id is the task's human number.
      await withIdColumn(db.schema.createTable('tasks'), dialect)
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('due_date', 'text')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('assignee_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
        .addColumn('client_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('delivery_provider', 'text')
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
      await db.schema.createIndex('tasks_work').on('tasks').columns(['work_sort', 'id']).execute();
      await db.schema
        .createIndex('tasks_assignee_work')
        .on('tasks')
        .columns(['assignee_id', 'work_sort', 'id'])
        .execute();
      await db.schema.createIndex('tasks_created').on('tasks').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('tasks_status').on('tasks').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('tasks_client').on('tasks').column('client_id').execute();

      await db.schema
        .alterTable('files')
        .addColumn('task_id', 'integer', (col) => col.references('tasks.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('files_task').on('files').column('task_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('files_task').execute();
      await db.schema.alterTable('files').dropColumn('task_id').execute();
      await db.schema.dropTable('tasks').execute();
    },
  };
}
