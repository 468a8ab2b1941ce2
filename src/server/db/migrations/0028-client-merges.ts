import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One client per person (issue 49): a merge moves a twin's tickets, tasks and history to the
 * client kept and puts the twin in the Корзина. Each merge lists exactly what it moved, so
 * «Отменить объединение» moves back those records and no others (work given to the kept client
 * since stays with it).
 */
export function clientMergesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('client_merges'), dialect)
        .addColumn('from_id', 'integer', (col) => col.notNull())
        .addColumn('into_id', 'integer', (col) => col.notNull())
        .addColumn('merged_at', 'text', (col) => col.notNull())
        .addColumn('merged_by', 'integer')
        /** JSON arrays of ids: the tickets, tasks and history rows that moved. */
        .addColumn('ticket_ids', 'text', (col) => col.notNull())
        .addColumn('task_ids', 'text', (col) => col.notNull())
        .addColumn('history_ids', 'text', (col) => col.notNull())
        .addColumn('undone_at', 'text')
        .execute();
      await db.schema
        .createIndex('client_merges_from')
        .on('client_merges')
        .columns(['from_id', 'id'])
        .execute();
    },
  };
}
