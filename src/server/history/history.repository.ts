import type { Insertable, Kysely } from 'kysely';
import type { HistoryKind } from '../../domain/history';
import type { DB, HistoryTable } from '../db/schema';

export type HistoryInsert = Insertable<HistoryTable>;

/** Newest first, `limit + 1` rows (so the caller can tell whether more follow), with the file each is about. */
export function listHistory(
  db: Kysely<DB>,
  kind: HistoryKind,
  itemId: number,
  beforeId: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('history')
    .leftJoin('files', 'files.id', 'history.file_id')
    .selectAll('history')
    .select([
      'files.id as f_id',
      'files.name as f_name',
      'files.mime as f_mime',
      'files.thumb_path as f_thumb_path',
    ])
    .where('history.item_kind', '=', kind)
    .where('history.item_id', '=', itemId);
  if (beforeId !== undefined) query = query.where('history.id', '<', beforeId);
  return query
    .orderBy('history.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof listHistory>>[number];

/** The latest row of a record, to merge a text edit into (see TEXT_EDIT_ACTIONS). */
export function latestHistory(db: Kysely<DB>, kind: HistoryKind, itemId: number) {
  return db
    .selectFrom('history')
    .selectAll()
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function deleteHistoryOf(db: Kysely<DB>, kind: HistoryKind, itemId: number) {
  return db.deleteFrom('history').where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
}
