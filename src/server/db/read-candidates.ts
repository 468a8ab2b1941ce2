import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database';

/** A row the search index named, and where PostgreSQL found it in the list's order when asked. */
export interface Candidate {
  id: number;
  key?: string;
}

/**
 * Up to `limit` + 1 candidates of `rows` (a subquery of `id`, and `key` where asked; a candidate
 * may come twice: from text and phone); null when PostgreSQL's planner expects more than
 * `commonEstimate` of `estimated` (the query is plainly common).
 */
export async function readCandidates(
  database: Database,
  rows: RawBuilder<unknown>,
  estimated: RawBuilder<unknown> | undefined,
  limit: number,
  commonEstimate: number,
): Promise<Candidate[] | null> {
  const read = async (db: Database['db']) =>
    (
      await sql<{ id: number; key?: string }>`select * from ${rows} as candidates limit ${limit + 1}`.execute(
        db,
      )
    ).rows.map((row) =>
      row.key === undefined ? { id: Number(row.id) } : { id: Number(row.id), key: row.key },
    );
  if (database.dialect === 'sqlite') return read(database.db);
  return database.db.transaction().execute(async (trx) => {
    // The planner would rather read the table in order for a query it expects to be common and
    // stop at the limit — a walk of the whole table when it guessed wrong.
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    // One state at a time is an Append, which the planner would hand to parallel workers: their
    // start costs more than these few thousand rows (and a 2-core server has no core to spare).
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    // Reading 2,501 ids costs as many visits to the table. The planner's estimate (from the
    // statistics ANALYZE keeps: how common each piece and trigram is, and each state, an
    // expression of the search indexes since migration 0020) says when a query is plainly common
    // among the states shown without them; a wrong guess costs time, never a result.
    const { rows: plan } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      explain (format json) select id from ${estimated ?? rows} as candidates`.execute(trx);
    const estimate = plan[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
    if (estimate > commonEstimate) return null;
    return read(trx);
  });
}
