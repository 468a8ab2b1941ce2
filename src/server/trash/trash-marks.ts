import { sql, type Kysely } from 'kysely';
import { IN_TRASH_MESSAGES, NOT_FOUND_MESSAGES, type RecordKind } from '../../domain/records';
import { RECORD_TABLES } from '../db/record-tables';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { historyFor, writeHistory } from '../history/history-writer';
import { deleteHistoryOf } from '../history/history.repository';
import { deleteCommentsOf } from '../comments/comments.repository';
import { refreshDerived } from '../work/derived-columns';
import type { Actor } from '../http/actor';
import { releaseTicketParts } from '../stock/ticket-parts';

/**
 * Moves a record into the Корзина or back, with its history row, in the caller's
 * transaction. The version moves too, so an edit that read the record before fails
 * and re-reads it. A ticket's or task's derived columns follow (out of every list, or
 * back in). Returns the new version, or null when the record was already there.
 */
export async function markTrashed(
  trx: Kysely<DB>,
  kind: RecordKind,
  id: number,
  actor: Actor,
  now: string,
  trashed: boolean,
  /** Run once this write holds the row and before its lists' columns follow (live events read the old ones). */
  beforeListsFollow?: () => Promise<void>,
): Promise<number | null> {
  const table = RECORD_TABLES[kind];
  // Only from the other state: of two deletes (or a restore and a purge) at one moment,
  // one changes the row and writes history; the other finds nothing to change.
  const result = await trx
    .updateTable(table)
    .set({
      deleted_at: trashed ? now : null,
      deleted_by: trashed ? actor.id : null,
      deleted_by_name: trashed ? actor.displayName : '',
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('deleted_at', trashed ? 'is' : 'is not', null)
    .returning('version')
    .executeTakeFirst();
  if (!result) {
    const exists = await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw new AppError('not_found', NOT_FOUND_MESSAGES[kind]);
    return null;
  }
  await beforeListsFollow?.();
  if (kind !== 'client') await refreshDerived(trx, kind, id);
  await writeHistory(trx, [historyFor(kind, id, actor, now)({ action: trashed ? 'trash' : 'restore' })]);
  return result.version;
}

/** A record in the Корзина is read-only: any change is refused with its kind's message. */
export function refuseInTrash(kind: RecordKind, row: { deleted_at: string | null }): void {
  if (row.deleted_at !== null) throw new AppError('conflict', IN_TRASH_MESSAGES[kind]);
}

/**
 * Deletes a record for good with its history, in the caller's transaction, but only
 * while it is in the Корзина (since before `deletedBefore`, when given): a record
 * restored, or deleted again, a moment before the purge reached it stays.
 * Returns whether it went.
 */
export async function deleteFromTrash(
  trx: Kysely<DB>,
  kind: RecordKind,
  id: number,
  deletedBefore?: string,
  now = new Date().toISOString(),
): Promise<boolean> {
  let query = trx.deleteFrom(RECORD_TABLES[kind]).where('id', '=', id).where('deleted_at', 'is not', null);
  if (deletedBefore !== undefined) query = query.where('deleted_at', '<', deletedBefore);
  // The parts a repair still holds go back to the shelf before its lines go with it.
  if (kind === 'ticket') {
    let held = trx
      .updateTable('tickets')
      .set({ version: sql<number>`version` })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null);
    if (deletedBefore !== undefined) held = held.where('deleted_at', '<', deletedBefore);
    if (!(await held.returning('id').executeTakeFirst())) return false;
    await releaseTicketParts(trx, now, [id]);
  }
  const result = await query.executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await deleteHistoryOf(trx, kind, id);
  if (kind !== 'client') await deleteCommentsOf(trx, kind, id);
  return true;
}
