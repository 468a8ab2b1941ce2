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
    .select(['s.source_id', 's.local_id', 'clients.full_name', 'clients.deleted_at'])
    .where('s.source_kind', '=', 'client')
    .execute();
  for (const row of clients) {
    ledger.client.set(row.source_id, {
      id: row.full_name === null || row.deleted_at !== null ? null : row.local_id,
      name: row.full_name ?? '',
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

/** Whether another run wrote this record meanwhile (read inside the record's transaction). */
export async function isImported(db: Kysely<DB>, kind: ImportKind, sourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('import_sources')
    .select('local_id')
    .where('source_kind', '=', kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordImported(
  db: Kysely<DB>,
  kind: ImportKind,
  sourceId: string,
  localId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('import_sources')
    .values({ source_kind: kind, source_id: sourceId, local_id: localId, imported_at: now })
    .execute();
}
