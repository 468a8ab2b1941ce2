import { sql, type Kysely, type Migration } from 'kysely';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** As src/domain/device-key.ts had it when this migration was written. */
function deviceKey(serial: string): string {
  return serial
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-ZА-ЯЁ]/g, '');
}

const BATCH = 1000;

/**
 * A device's story (issue 49): every ticket's serial number / IMEI as a key (letters and digits,
 * upper case), indexed, so a device's earlier tickets are one index lookup. Filled in batches
 * from the typed serials: the key is computed the way the app computes it, which SQL cannot
 * do alike on both databases. And `return_of`: the ticket a «Гарантийный возврат» came back
 * under, indexed to list a ticket's returns.
 */
export function deviceStoryMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tickets')
        .addColumn('serial_key', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      for (let after = 0; ;) {
        const rows: { id: number; serial_number: string }[] = await db
          .selectFrom('tickets')
          .select(['id', 'serial_number'])
          .where('id', '>', after)
          .where('serial_number', '<>', '')
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        // One statement per batch: a chain's 200,000 tickets are 200 round trips, not 200,000.
        const cases = sql.join(
          rows.map((row) => sql`when ${row.id} then ${deviceKey(row.serial_number)}`),
          sql` `,
        );
        await sql`update tickets set serial_key = case id ${cases} end
          where id in (${sql.join(rows.map((row) => row.id))})`.execute(db);
        after = rows.at(-1)!.id;
      }
      await db.schema.createIndex('tickets_serial_key').on('tickets').columns(['serial_key', 'id']).execute();
      await db.schema
        .alterTable('tickets')
        .addColumn('return_of', 'integer', (col) => col.references('tickets.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('tickets_return_of').on('tickets').column('return_of').execute();
    },
  };
}
