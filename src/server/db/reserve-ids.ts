import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * `count` new ids of `table`, numbered as the table itself would number them, so that many rows go
 * in one statement and each is known by its id before (a multi-row insert's RETURNING does not
 * promise the rows' order). Inside the transaction that inserts them: SQLite's ids come after the highest one the
 * table has ever held (AUTOINCREMENT's sqlite_sequence, which the inserts then move past); no other
 * writer runs meanwhile. PostgreSQL's come off the identity's sequence, which never hands one out twice.
 */
export async function reserveIds(
  trx: Kysely<DB>,
  dialect: Database['dialect'],
  table: 'clients' | 'tickets' | 'tasks' | 'parts',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (dialect === 'postgres') {
    const { rows } = await sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`.execute(
      trx,
    );
    return rows.map((row) => Number(row.id));
  }
  const { rows } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = ${table}`.execute(trx);
  const last = rows[0]?.seq ?? 0;
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}
