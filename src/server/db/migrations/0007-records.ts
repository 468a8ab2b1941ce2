import type { Kysely, Migration } from 'kysely';
import { whatsappNumber } from '../../../domain/phone';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

const BATCH = 500;

/**
 * Records a shop can trust (issue 15, docs/decisions/011-trash-and-history.md):
 * - one `history` table for tickets, tasks and clients, with the old and the new value
 *   of a field and the file a row is about; the tickets' history moves into it;
 * - the Корзина: a deleted ticket, task or client is marked, not removed;
 * - `clients.phone_key`, the phone as the WhatsApp rule normalises it, to find a client
 *   who is already in the directory under the same number typed another way.
 */
export function recordsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('history'), dialect)
        .addColumn('item_kind', 'text', (col) => col.notNull())
        .addColumn('item_id', 'integer', (col) => col.notNull())
        .addColumn('ts', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('old_value', 'text')
        .addColumn('new_value', 'text')
        .addColumn('new_status', 'text')
        // No foreign key: the row outlives the file, and then simply no longer opens it.
        .addColumn('file_id', 'integer')
        .execute();
      await db.schema
        .createIndex('history_item')
        .on('history')
        .columns(['item_kind', 'item_id', 'id'])
        .execute();
      await db
        .insertInto('history')
        .columns(['item_kind', 'item_id', 'ts', 'user_id', 'user_name', 'action', 'note', 'new_status'])
        .expression((eb: any) =>
          eb
            .selectFrom('ticket_history')
            .select([
              eb.val('ticket').as('item_kind'),
              'ticket_id',
              'ts',
              'user_id',
              'user_name',
              'action',
              'note',
              'new_status',
            ])
            .orderBy('id'),
        )
        .execute();
      await db.schema.dropTable('ticket_history').execute();

      for (const table of ['tickets', 'tasks', 'clients']) {
        await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
        await db.schema
          .alterTable(table)
          .addColumn('deleted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('deleted_by_name', 'text', (col) => col.notNull().defaultTo(''))
          .execute();
        await db.schema.createIndex(`${table}_deleted`).on(table).columns(['deleted_at', 'id']).execute();
      }

      await db.schema
        .alterTable('clients')
        .addColumn('phone_key', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      for (let after = 0; ;) {
        const rows: { id: number; phone: string }[] = await db
          .selectFrom('clients')
          .select(['id', 'phone'])
          .where('id', '>', after)
          .where('phone', '!=', '')
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows) {
          await db
            .updateTable('clients')
            .set({ phone_key: whatsappNumber(row.phone) })
            .where('id', '=', row.id)
            .execute();
        }
        after = rows[rows.length - 1]!.id;
      }
      await db.schema.createIndex('clients_phone_key').on('clients').column('phone_key').execute();
    },
  };
}
