import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Money on a repair (issue 50), every amount in whole kopecks (bigint: a total may pass 2^31).
 * - `services`: the shop's catalogue a work line may come from. A line keeps its own copy of
 *   the name, price and warranty, so a service can be changed or deleted at any time.
 * - `ticket_lines`: works and parts; they go with their ticket when it is deleted for good.
 * - `payments`: payments and refunds, never deleted. They outlive a ticket purged from the
 *   Корзина (ticket_id set null), since the cash they moved stays moved.
 * - `tickets.lines_total` and `tickets.paid`: the sums, kept in the same transaction as every
 *   line and payment, so lists show «К оплате» without summing rows per ticket.
 */
export function moneyMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('services'), dialect)
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('price', 'bigint', (col) => col.notNull())
        .addColumn('warranty_days', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();

      await withIdColumn(db.schema.createTable('ticket_lines'), dialect)
        .addColumn('ticket_id', 'integer', (col) =>
          col.notNull().references('tickets.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('service_id', 'integer', (col) => col.references('services.id').onDelete('set null'))
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('price', 'bigint', (col) => col.notNull())
        .addColumn('discount', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('warranty_days', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('ticket_lines_ticket').on('ticket_lines').column('ticket_id').execute();

      await withIdColumn(db.schema.createTable('payments'), dialect)
        .addColumn('ticket_id', 'integer', (col) => col.references('tickets.id').onDelete('set null'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payments_ticket').on('payments').column('ticket_id').execute();
      await db.schema.createIndex('payments_created').on('payments').column('created_at').execute();

      await db.schema
        .alterTable('tickets')
        .addColumn('lines_total', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('paid', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
