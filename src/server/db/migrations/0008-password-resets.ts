import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One-time links to set a new password (issue 16): made by an admin, by
 * `npm run reset-password`, or e-mailed from «Забыли пароль?». Only the token's hash is
 * stored; a link works once, for 24 hours.
 */
export function passwordResetsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('password_resets'), dialect)
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        // 'admin', 'shell' or 'email': the e-mail form's limit counts its own letters only.
        .addColumn('via', 'text', (col) => col.notNull().defaultTo('admin'))
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
    },
  };
}
