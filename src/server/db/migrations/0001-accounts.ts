import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Migrations use Kysely<any> on purpose: they describe the schema as it was at
// that point in time and must not depend on the application's current types.
/* eslint-disable @typescript-eslint/no-explicit-any */

export function accountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('email_lower', 'text', (col) => col.notNull().unique())
        .addColumn('display_name', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('employee', 'admin')`))
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('disabled_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('settings').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
