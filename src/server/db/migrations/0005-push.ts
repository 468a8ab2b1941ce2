import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Web Push subscriptions: one row per browser (device) that turned notifications on. */
export function pushMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('push_subscriptions'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        // The session that registered it: logout removes this device's subscription. An
        // expired session only lets go of the link, so a phone keeps hearing about new
        // work while nobody opens the app.
        .addColumn('session_id', 'integer', (col) => col.references('sessions.id').onDelete('set null'))
        .addColumn('endpoint', 'text', (col) => col.notNull().unique())
        .addColumn('p256dh', 'text', (col) => col.notNull())
        .addColumn('auth', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_id')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_session_id')
        .on('push_subscriptions')
        .column('session_id')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
