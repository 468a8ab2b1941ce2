import type { Kysely } from 'kysely';
import { type Clock, isoNow } from '../clock';
import { AppError } from '../errors';
import type { DB } from './schema';
import { refuseTakenName, type NamedTable } from './taken-name';
import { isUniqueViolation } from './unique-violation';

interface NamedRow {
  id: number;
  name: string;
  version: number;
}

export interface NamedRowMessages {
  notFound: string;
  stale: string;
  nameTaken: string;
}

/**
 * Saves a change to one entry of a shop's short named list (services, payers) over the version
 * the person saw. A stale version, or another save landing first, is a 409 carrying the entry
 * as it is now (`conflictKey`), so the next save goes over that; a name another entry has in
 * any case is a 409 too.
 */
export async function updateNamedRow<Row extends NamedRow>(
  db: Kysely<DB>,
  clock: Clock,
  target: { table: NamedTable; id: number; version: number; name: string | undefined },
  columns: Record<string, unknown>,
  messages: NamedRowMessages & { conflictKey: string; toDto: (row: Row) => unknown },
): Promise<Row> {
  // Kysely<any>: one body for several tables whose shared columns (id, name, version) the
  // generic table types cannot express; each caller names its own row type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rows = db as unknown as Kysely<any>;
  const { table, id, version, name } = target;
  const read = async () =>
    (await rows.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  const row = await read();
  if (!row) throw new AppError('not_found', messages.notFound);
  const stale = async () =>
    new AppError('conflict', messages.stale, {
      extra: { [messages.conflictKey]: messages.toDto((await read()) ?? row) },
    });
  if (row.version !== version) throw await stale();
  if (name !== undefined && name !== row.name) await refuseTakenName(db, table, name, messages.nameTaken, id);
  const updated = (await rows
    .updateTable(table)
    .set({ ...columns, updated_at: isoNow(clock), version: row.version + 1 })
    .where('id', '=', id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('conflict', messages.nameTaken);
      throw error;
    })) as Row | undefined;
  if (!updated) throw await stale();
  return updated;
}
