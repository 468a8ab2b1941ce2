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
 * `commonEstimate` of `estimated` (the query is plainly common). PostgreSQL: `apart`, more of
 * them that a B-tree holds with every column asked (phones' starts, ADR 033), is read first, off
 * that index alone.
 */
export async function readCandidates(
  database: Database,
  rows: RawBuilder<unknown>,
  estimated: RawBuilder<unknown> | undefined,
  limit: number,
  commonEstimate: number,
  apart?: RawBuilder<unknown>,
): Promise<Candidate[] | null> {
  const read = async (db: Database['db'], from: RawBuilder<unknown>, upTo: number) =>
    (
      await sql<{ id: number; key?: string }>`select * from ${from} as candidates limit ${upTo}`.execute(db)
    ).rows.map((row) =>
      row.key === undefined ? { id: Number(row.id) } : { id: Number(row.id), key: row.key },
    );
  if (database.dialect === 'sqlite') return read(database.db, rows, limit + 1);
  // One snapshot for both reads where the starts are read apart: a phone edited between them
  // (78912… to 8912…) would otherwise be in neither (its tail no longer, its start not yet).
  const transaction = database.db.transaction();
  return (apart ? transaction.setIsolationLevel('repeatable read') : transaction).execute(async (trx) => {
    // The planner would rather read the table in order for a query it expects to be common and
    // stop at the limit — a walk of the whole table when it guessed wrong. One state at a time is
    // an Append, which it would hand to parallel workers: their start costs more than these few
    // thousand rows (and a 2-core server has no core to spare).
    const planning = { enable_seqscan: 'off', max_parallel_workers_per_gather: '0' };
    const first: Candidate[] = [];
    if (apart) {
      await setLocal(trx, { ...planning, ...INDEX_ONLY });
      first.push(...(await read(trx, apart, limit + 1)));
      if (first.length > limit) return first;
      // Bitmap scans back on (PostgreSQL's default; a server without them would search slowly
      // before this change too).
      await setLocal(trx, { enable_bitmapscan: 'on', enable_indexscan: 'off' });
    } else {
      await setLocal(trx, { ...planning, enable_indexscan: 'off' });
    }
    // Reading 2,501 ids costs as many visits to the table. The planner's estimate (from the
    // statistics ANALYZE keeps: how common each piece and trigram is, and each state, an
    // expression of the search indexes since migration 0020) says when a query is plainly common
    // among the states shown without them; a wrong guess costs time, never a result.
    const { rows: plan } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      explain (format json) select id from ${estimated ?? rows} as candidates`.execute(trx);
    const estimate = plan[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
    if (estimate > commonEstimate) return null;
    return [...first, ...(await read(trx, rows, limit + 1 - first.length))];
  });
}

/**
 * How `apart` is read: an index-only scan (its visibility map kept by VACUUM, analyze.ts) reads
 * no table page; a bitmap scan, the planner's choice for a few hundred rows, reads one for each.
 */
export const INDEX_ONLY = { enable_bitmapscan: 'off' };

/** Settings for the rest of the transaction, in one round trip. */
export function setLocal(trx: Database['db'], settings: Record<string, string>) {
  const each = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  return sql`select ${sql.join(each)}`.execute(trx);
}
