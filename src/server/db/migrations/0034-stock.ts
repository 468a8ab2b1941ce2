import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { trigramOperatorClass, withBinaryCollation, withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Parts and stock (issue 51).
 * - `parts`: the catalogue. `on_hand` is what is on the shelf, `reserved` what open repairs
 *   hold of it; the CHECK keeps both whole and `reserved <= on_hand`, so no write of any kind
 *   can take stock below zero. `name_key` orders the list; `search` holds the name, article,
 *   barcode, models and place folded for a «contains» search.
 * - `suppliers`: a short directory goods are received from.
 * - `stock_receipts` and their lines: goods received. A correction is a reversal receipt
 *   (`reverses_id`, unique: a receipt is reversed once); nothing is edited or deleted.
 * - `stock_counts` and their lines: a stocktaking, what was expected and what was counted.
 * - `stock_moves`: every change of a part's quantities, with who, when and why.
 * - `ticket_lines.part_id`: a parts line taken from stock; `stock_state` is `reserved` until
 *   handover, then `written_off`; `cost` is the unit cost when it was taken (the margin).
 */
export function stockMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('suppliers'), dialect)
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();

      await withIdColumn(db.schema.createTable('parts'), dialect)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('name_key', 'text', (col) => withBinaryCollation(col.notNull(), dialect))
        .addColumn('article', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('barcode', 'text', (col) => col.unique())
        .addColumn('models', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('unit', 'text', (col) => col.notNull().defaultTo('шт'))
        .addColumn('price', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('last_cost', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('avg_cost', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('on_hand', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('reserved', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('min_qty', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('place', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addCheckConstraint('parts_stock', sql`on_hand >= 0 AND reserved >= 0 AND reserved <= on_hand`)
        .execute();
      // The list in name order, a page at a time. On SQLite a «contains» search walks it testing
      // each part; the index holds `search` too, so a search that matches few parts reads the
      // index alone, not every row (docs/benchmarks.md, bench:stock). PostgreSQL finds the
      // matches by trigrams instead (parts.service.ts).
      await db.schema
        .createIndex('parts_name')
        .on('parts')
        .columns(dialect === 'sqlite' ? ['name_key', 'id', 'search'] : ['name_key', 'id'])
        .execute();
      if (dialect === 'postgres') {
        await sql`create index parts_search on parts using gin (search ${await trigramOperatorClass(db)})`.execute(
          db,
        );
      }
      await db.schema.createIndex('parts_article').on('parts').column('article').execute();
      await db.schema.createIndex('parts_place').on('parts').columns(['place', 'name_key']).execute();

      await withIdColumn(db.schema.createTable('stock_receipts'), dialect)
        .addColumn('supplier_id', 'integer', (col) => col.references('suppliers.id').onDelete('set null'))
        .addColumn('supplier_name', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('total', 'bigint', (col) => col.notNull())
        .addColumn('reverses_id', 'integer', (col) => col.unique().references('stock_receipts.id'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('stock_receipt_lines'), dialect)
        .addColumn('receipt_id', 'integer', (col) => col.notNull().references('stock_receipts.id'))
        .addColumn('part_id', 'integer', (col) => col.notNull().references('parts.id'))
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('cost', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('stock_receipt_lines_receipt')
        .on('stock_receipt_lines')
        .column('receipt_id')
        .execute();

      await withIdColumn(db.schema.createTable('stock_counts'), dialect)
        .addColumn('place', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('stock_count_lines'), dialect)
        .addColumn('count_id', 'integer', (col) => col.notNull().references('stock_counts.id'))
        .addColumn('part_id', 'integer', (col) => col.notNull().references('parts.id'))
        .addColumn('expected', 'integer', (col) => col.notNull())
        .addColumn('counted', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('stock_count_lines_count')
        .on('stock_count_lines')
        .column('count_id')
        .execute();

      await withIdColumn(db.schema.createTable('stock_moves'), dialect)
        .addColumn('part_id', 'integer', (col) => col.notNull().references('parts.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('on_hand_change', 'integer', (col) => col.notNull())
        .addColumn('reserved_change', 'integer', (col) => col.notNull())
        .addColumn('on_hand_after', 'integer', (col) => col.notNull())
        .addColumn('reserved_after', 'integer', (col) => col.notNull())
        // The ticket's number, kept when the ticket is deleted for good: a move still says why.
        .addColumn('ticket_id', 'integer')
        .addColumn('receipt_id', 'integer', (col) => col.references('stock_receipts.id'))
        .addColumn('count_id', 'integer', (col) => col.references('stock_counts.id'))
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('stock_moves_part').on('stock_moves').columns(['part_id', 'id']).execute();

      await db.schema
        .alterTable('ticket_lines')
        .addColumn('part_id', 'integer', (col) => col.references('parts.id'))
        .execute();
      await db.schema.alterTable('ticket_lines').addColumn('stock_state', 'text').execute();
      await db.schema
        .alterTable('ticket_lines')
        .addColumn('cost', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('ticket_lines_part').on('ticket_lines').column('part_id').execute();
    },
  };
}
