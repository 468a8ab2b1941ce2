import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Messages that leave by themselves (issue 54, src/domain/client-notices.ts):
 * - on `clients`: an e-mail address, how the client wants to be written to (`auto`, a channel,
 *   or `none`), and the Telegram chat the client connected;
 * - on `tickets`: the token of its Telegram link (`/start <token>` binds the chat to the client);
 * - `client_messages`: each message as it was written, where it went and what became of it.
 *   `dedupe_key` makes an event that fires twice (two instances, a retried request) one message.
 */
export function clientMessagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('clients')
        .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('clients')
        .addColumn('message_pref', 'text', (col) => col.notNull().defaultTo('auto'))
        .execute();
      await db.schema.alterTable('clients').addColumn('telegram_chat_id', 'text').execute();
      await db.schema.alterTable('tickets').addColumn('telegram_token', 'text').execute();
      await db.schema
        .createIndex('tickets_telegram_token')
        .on('tickets')
        .column('telegram_token')
        .unique()
        .execute();
      await withIdColumn(db.schema.createTable('client_messages'), dialect)
        .addColumn('ticket_id', 'integer', (col) => col.references('tickets.id').onDelete('cascade'))
        .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('channel', 'text')
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('provider_id', 'text')
        .addColumn('sms_parts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
        .addColumn('send_at', 'text', (col) => col.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('client_messages_ticket')
        .on('client_messages')
        .columns(['ticket_id', 'id'])
        .execute();
      // The running SMS count and the daily cap: SMS sent since a moment.
      await db.schema
        .createIndex('client_messages_channel_sent')
        .on('client_messages')
        .columns(['channel', 'sent_at'])
        .execute();
    },
  };
}
