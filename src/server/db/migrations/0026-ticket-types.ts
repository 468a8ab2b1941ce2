import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The spec's three types, as they were fixed in code before this migration. */
const SPEC_TYPES = ['Гарантийный ремонт', 'Замена видеокарты', 'Замена SSD'];
const DEFAULT_WARRANTY_DAYS = 30;

/**
 * The shop's own ticket types (issue 49), seeded with the spec's three, and each ticket's
 * warranty days. Tickets still name their type by `title`; the index answers «is this type in
 * use» and the per-type counts. Open tickets get the default warranty; closed ones keep none,
 * since none was recorded when they were handed over.
 */
export function ticketTypesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('ticket_types'), dialect)
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('printed_title', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('intake', 'text', (col) => col.notNull().defaultTo('pvz'))
        .addColumn('warranty_days', 'integer', (col) => col.notNull().defaultTo(DEFAULT_WARRANTY_DAYS))
        .addColumn('default_assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('hidden_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('ticket_types')
        .values(SPEC_TYPES.map((name) => ({ name, created_at: now, updated_at: now })))
        .execute();
      await db.schema.alterTable('tickets').addColumn('warranty_days', 'integer').execute();
      await sql`UPDATE tickets SET warranty_days = ${DEFAULT_WARRANTY_DAYS} WHERE status <> 'closed'`.execute(
        db,
      );
      await db.schema.createIndex('tickets_title').on('tickets').column('title').execute();
    },
  };
}
