import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Technician pay (issue 53, src/domain/pay.ts):
 * - `pay_rules`: one row per person — shares in basis points, sums in kopecks;
 * - `pay_statements`: a month marked paid, as it was paid (rule, repairs and corrections as JSON),
 *   unique per person and month so that two people paying at once pay once;
 * - `pay_corrections`: sums added to a month not yet paid, each with its reason and, when it pays
 *   out a later change of a paid month, that month.
 */
export function payMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pay_rules')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
        .addColumn('works_share', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('margin_share', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('per_repair', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('salary', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await withIdColumn(db.schema.createTable('pay_statements'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('snapshot', 'text', (col) => col.notNull())
        .addColumn('total', 'bigint', (col) => col.notNull())
        .addColumn('paid_at', 'text', (col) => col.notNull())
        .addColumn('paid_by_name', 'text', (col) => col.notNull())
        .addUniqueConstraint('pay_statements_user_month', ['user_id', 'month'])
        .execute();
      await withIdColumn(db.schema.createTable('pay_corrections'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('for_month', 'text')
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('created_by_name', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('pay_corrections_user_month')
        .on('pay_corrections')
        .columns(['user_id', 'month'])
        .execute();
      await db.schema
        .createIndex('pay_corrections_user_for_month')
        .on('pay_corrections')
        .columns(['user_id', 'for_month'])
        .execute();
      await db.schema
        .createIndex('tickets_assignee_closed')
        .on('tickets')
        .columns(['assignee_id', 'closed_at'])
        .execute();
    },
  };
}
