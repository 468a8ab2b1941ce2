// Which records of the previous system are already here (migration 0016): read once at the start
// of a run, written with each record in its transaction.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ImportKind } from './legacy-export';

/** A record here that a source id stands for, with the name references copy (a person's, a client's). */
export interface LocalRecord {
  /** Null for a client since deleted here: nothing links to it, its name is still copied. */
  id: number | null;
  name: string;
  /** A client's phone: its items search by it (their derived columns). */
  phone?: string;
}

export type Ledger = Record<ImportKind, Map<string, LocalRecord>>;

export async function loadLedger(db: Kysely<DB>): Promise<Ledger> {
  const ledger: Ledger = { user: new Map(), client: new Map(), ticket: new Map(), task: new Map() };
  const users = await db
    .selectFrom('import_sources as s')
    .leftJoin('users', 'users.id', 's.local_id')
    .select(['s.source_id', 's.local_id', 'users.display_name'])
    .where('s.source_kind', '=', 'user')
    .execute();
  for (const row of users) ledger.user.set(row.source_id, { id: row.local_id, name: row.display_name ?? '' });
  const clients = await db
    .selectFrom('import_sources as s')
    .leftJoin('clients', 'clients.id', 's.local_id')
    .select(['s.source_id', 's.local_id', 'clients.full_name', 'clients.phone', 'clients.deleted_at'])
    .where('s.source_kind', '=', 'client')
    .execute();
  for (const row of clients) {
    ledger.client.set(row.source_id, {
      id: row.full_name === null || row.deleted_at !== null ? null : row.local_id,
      name: row.full_name ?? '',
      phone: row.phone ?? '',
    });
  }
  const items = await db
    .selectFrom('import_sources')
    .select(['source_kind', 'source_id', 'local_id'])
    .where('source_kind', 'in', ['ticket', 'task'])
    .execute();
  for (const row of items) {
    ledger[row.source_kind as 'ticket' | 'task'].set(row.source_id, { id: row.local_id, name: '' });
  }
  return ledger;
}

/** Which of a batch's records another run wrote meanwhile (read inside the batch's transaction). */
export async function importedOf(
  db: Kysely<DB>,
  batch: { kind: ImportKind; sourceId: string }[],
): Promise<Set<string>> {
  const kind = batch[0]?.kind;
  if (kind === undefined) return new Set();
  const rows = await db
    .selectFrom('import_sources')
    .select('source_id')
    .where('source_kind', '=', kind)
    .where(
      'source_id',
      'in',
      batch.map(({ sourceId }) => sourceId),
    )
    .execute();
  return new Set(rows.map((row) => row.source_id));
}

/** The ledger entries of records written in this transaction. */
export async function recordImported(
  db: Kysely<DB>,
  entries: { kind: ImportKind; sourceId: string; localId: number; now: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('import_sources')
    .values(
      entries.map((entry) => ({
        source_kind: entry.kind,
        source_id: entry.sourceId,
        local_id: entry.localId,
        imported_at: entry.now,
      })),
    )
    .execute();
}
