import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  conflictMessage,
  judgeEdit,
  parseStamps,
  stampFields,
  type FieldConflict,
} from '../../domain/edit-versions';
import { AppError } from '../errors';
import type { DB } from './schema';

export type VersionedTable = 'clients' | 'tickets' | 'tasks';

/** Another write landed between this transaction's read and its update. */
class VersionRace extends Error {}

const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in a transaction, and again (a few times) when its conditional update
 * found the row already moved on. The re-run reads the newer row and judges the
 * save against it, so no write is ever lost and no conflict goes unnoticed.
 */
export async function withVersionRetry<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!(error instanceof VersionRace) || attempt >= MAX_ATTEMPTS) {
        if (error instanceof VersionRace) throw new AppError('conflict', 'Запись сейчас меняют, повторите');
        throw error;
      }
    }
  }
}

/**
 * Writes `columns` only if the row still has the version that was read, raising the
 * version by one and stamping `fields` (API names) with it and the actor.
 * Returns the new version.
 */
export async function updateVersioned<Table extends VersionedTable>(
  trx: Transaction<DB>,
  table: Table,
  row: { id: number; version: number; field_versions: string },
  fields: readonly string[],
  actorId: number | null,
  columns: Updateable<DB[Table]>,
): Promise<number> {
  const version = row.version + 1;
  const stamps = stampFields(parseStamps(row.field_versions), fields, version, actorId);
  // Kysely cannot check a column set against a table chosen at run time. The three
  // tables share `id`, `version` and `field_versions`, and `columns` is typed by
  // Table at the call, so the query is written against one of them.
  const sameShape = trx as unknown as Kysely<Pick<DB, 'clients'>>;
  const result = await sameShape
    .updateTable(table as 'clients')
    .set({ ...(columns as Updateable<DB['clients']>), version, field_versions: JSON.stringify(stamps) })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new VersionRace();
  return version;
}

/**
 * The 409 for a save that clashes with someone else's change: who changed which field
 * (by their current name), plus whatever the caller adds (the record as it is now).
 */
export async function editConflict(
  db: Kysely<DB>,
  row: { field_versions: string },
  fields: readonly string[],
  labels: Record<string, string>,
  extra: Record<string, unknown>,
): Promise<AppError> {
  const stamps = parseStamps(row.field_versions);
  const ids = [...new Set(fields.map((f) => stamps[f]?.by).filter((id): id is number => id != null))];
  const users = ids.length
    ? await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute()
    : [];
  const nameOf = (id: number | null | undefined) =>
    users.find((u) => u.id === id)?.display_name || 'другой сотрудник';
  const conflicts: FieldConflict[] = fields.map((field) => ({
    field,
    label: labels[field] ?? field,
    changedBy: nameOf(stamps[field]?.by),
  }));
  return new AppError('conflict', conflictMessage(conflicts), { extra: { ...extra, conflicts } });
}

/** Judges a save (src/domain/edit-versions.ts) against the row it would replace. */
export function judgeSave<F extends string>(
  row: { field_versions: string },
  current: Record<F, unknown>,
  save: { fields: Partial<Record<F, unknown>>; baseVersion: number; actorId: number },
) {
  return judgeEdit({
    current,
    patch: save.fields,
    baseVersion: save.baseVersion,
    stamps: parseStamps(row.field_versions),
    actorId: save.actorId,
  });
}
