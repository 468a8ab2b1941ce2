import { sql, type Kysely, type Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sums kept on the ticket beside `lines_total` (issue 53, ADR 054): its works, what its parts
 * cost when taken from stock, and how many parts lines have no cost recorded. «Маржа» then sums
 * tickets closed in a period without reading their lines: a year of a chain's repairs through
 * the lines took 546 ms p95 on PostgreSQL (bench:reports), over the 500 ms target.
 */
export function marginSumsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tickets')
        .addColumn('works_total', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('parts_cost', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('parts_without_cost', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // Only tickets with lines change; the sums follow domain/money.ts lineTotal.
      await sql`update tickets set
        works_total = coalesce((select sum(case when l.quantity * l.price > l.discount
          then l.quantity * l.price - l.discount else 0 end)
          from ticket_lines l where l.ticket_id = tickets.id and l.kind = 'work'), 0),
        parts_cost = coalesce((select sum(l.quantity * l.cost)
          from ticket_lines l where l.ticket_id = tickets.id and l.kind = 'part'), 0),
        parts_without_cost = (select count(*)
          from ticket_lines l where l.ticket_id = tickets.id and l.kind = 'part' and l.part_id is null)
        where exists (select 1 from ticket_lines l where l.ticket_id = tickets.id)`.execute(db);
    },
  };
}
