import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Who pays for a repair (issue 50): the client (`tickets.payer_id` null) or an organisation of
 * the shop's short directory — a seller, a marketplace partner, a manufacturer's service —
 * whose statement lists its repairs by period. A payer named on a ticket cannot be deleted.
 */
export function payersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('payers'), dialect)
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('payer_id', 'integer', (col) => col.references('payers.id'))
        .execute();
      await db.schema
        .createIndex('tickets_payer')
        .on('tickets')
        .columns(['payer_id', 'created_at'])
        .execute();
    },
  };
}
