import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The cash desk (issue 50).
 * - `cash_shifts`: a shift from opening (the cash in the drawer) to closing (the cash counted,
 *   and what was expected then, kept as the report said it). `open_mark` is 1 while open and
 *   null after: unique, so two people opening at once get one shift.
 * - `cash_moves`: cash put in or taken out with a reason, within a shift.
 * - `payments.shift_id`: the shift a cash payment or refund was taken in.
 * - `tickets_owing`: the tickets that still owe, for «Сводка»'s unpaid balances without a scan.
 */
export function cashDeskMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('cash_shifts'), dialect)
        .addColumn('open_mark', 'integer', (col) => col.unique())
        .addColumn('opened_at', 'text', (col) => col.notNull())
        .addColumn('opened_by_name', 'text', (col) => col.notNull())
        .addColumn('opening_cash', 'bigint', (col) => col.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('closed_by_name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('expected_cash', 'bigint')
        .addColumn('counted_cash', 'bigint')
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();

      await withIdColumn(db.schema.createTable('cash_moves'), dialect)
        .addColumn('shift_id', 'integer', (col) => col.notNull().references('cash_shifts.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('cash_moves_shift').on('cash_moves').column('shift_id').execute();

      await db.schema
        .alterTable('payments')
        .addColumn('shift_id', 'integer', (col) => col.references('cash_shifts.id'))
        .execute();
      await db.schema.createIndex('payments_shift').on('payments').column('shift_id').execute();

      await db.schema
        .createIndex('tickets_owing')
        .on('tickets')
        .column('status')
        .where(sql.ref('lines_total'), '>', sql.ref('paid'))
        .execute();
    },
  };
}
