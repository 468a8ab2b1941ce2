import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The staff's comments on tickets and tasks (issue 55, src/domain/comments.ts):
 * - `comments`: one row per comment on an item (`item_kind`, `item_id`, as `history` names it).
 *   `client_key` is the browser's key for it: a comment sent twice (offline, a lost answer) is
 *   stored once, since (author_id, client_key) is unique. A deleted comment keeps its row, and
 *   its text only in the item's history.
 * - `comment_mentions`: who a comment names, and when they answered or marked it read
 *   (`done_at`). The open ones of a person are what «Мои» lists first.
 * - `files.comment_id`: a comment's photos, stored with the item's files.
 */
export function commentsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('comments'), dialect)
        .addColumn('item_kind', 'text', (col) => col.notNull())
        .addColumn('item_id', 'integer', (col) => col.notNull())
        .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('author_name', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('client_key', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('edited_at', 'text')
        .addColumn('deleted_at', 'text')
        .addUniqueConstraint('comments_author_key', ['author_id', 'client_key'])
        .execute();
      await db.schema
        .createIndex('comments_item')
        .on('comments')
        .columns(['item_kind', 'item_id', 'id'])
        .execute();
      await withIdColumn(db.schema.createTable('comment_mentions'), dialect)
        .addColumn('comment_id', 'integer', (col) =>
          col.notNull().references('comments.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('item_kind', 'text', (col) => col.notNull())
        .addColumn('item_id', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('done_at', 'text')
        .addUniqueConstraint('comment_mentions_once', ['comment_id', 'user_id'])
        .execute();
      // A person's open mentions, newest first: read on every «Мои».
      await db.schema
        .createIndex('comment_mentions_open')
        .on('comment_mentions')
        .columns(['user_id', 'id'])
        .where(sql.ref('done_at'), 'is', null)
        .execute();
      // An answer on an item closes its reader's mentions there.
      await db.schema
        .createIndex('comment_mentions_item')
        .on('comment_mentions')
        .columns(['item_kind', 'item_id', 'user_id'])
        .execute();
      await db.schema
        .alterTable('files')
        .addColumn('comment_id', 'integer', (col) => col.references('comments.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('files_comment').on('files').column('comment_id').execute();
    },
  };
}
