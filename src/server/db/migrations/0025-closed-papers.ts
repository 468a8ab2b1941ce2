import type { Kysely, Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * «Закрыта» stays closed (issue 49). `closed_from`: the status a ticket was closed from, where
 * «Открыть заново» returns it. `closed_papers`: what its papers printed at closing that lives
 * outside the locked ticket (the client's name and phone, the printed type, who handed it over,
 * the shop's header by digest), so a reprinted act matches the signed one. `paper_headers`
 * holds each distinct shop header once: a chain closes thousands of tickets under one header.
 */
export function closedPapersMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tickets').addColumn('closed_from', 'text').execute();
      await db.schema.alterTable('tickets').addColumn('closed_papers', 'text').execute();
      await db.schema
        .createTable('paper_headers')
        .addColumn('digest', 'text', (col) => col.primaryKey())
        .addColumn('body', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
