import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Examples a shop starts with and changes in «Настройки»: the issue's own three. */
const FIRST_STAGES = [
  { name: 'Диагностика', public_text: 'Диагностика' },
  { name: 'Ждёт запчасть', public_text: 'Ожидаем запчасть' },
  { name: 'Согласование', public_text: 'Ждём вашего согласования' },
];

/**
 * Stages inside «В ремонте» (issue 49): the shop's list, and each ticket's stage with when it
 * got there (its own time limit). A stage is only ever set while the ticket is «В ремонте».
 */
export function repairStagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('repair_stages'), dialect)
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('public_text', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('limit_days', 'integer')
        .addColumn('hidden_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('repair_stages')
        .values(FIRST_STAGES.map((stage) => ({ ...stage, created_at: now, updated_at: now })))
        .execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('stage_id', 'integer', (col) => col.references('repair_stages.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('tickets').addColumn('stage_since', 'text').execute();
      await db.schema.createIndex('tickets_stage').on('tickets').column('stage_id').execute();
    },
  };
}
