import type { Kysely } from 'kysely';
import {
  TEXT_EDIT_ACTIONS,
  TEXT_EDIT_MERGE_MS,
  type HistoryAction,
  type HistoryKind,
} from '../../domain/history';
import type { TicketStatus } from '../../domain/ticket-status';
import type { DB } from '../db/schema';
import type { Actor } from '../http/actor';
import { latestHistory, type HistoryInsert } from './history.repository';

export interface HistoryChange {
  action: HistoryAction;
  note?: string;
  /** A field's value before and after, as a person reads it (a name, a date, a label). */
  oldValue?: string | null;
  newValue?: string | null;
  newStatus?: TicketStatus | null;
  fileId?: number | null;
}

/** Rows for one record, one person and one moment. */
export function historyFor(kind: HistoryKind, itemId: number, actor: Actor, ts: string) {
  return (change: HistoryChange): HistoryInsert => ({
    item_kind: kind,
    item_id: itemId,
    ts,
    user_id: actor.id,
    user_name: actor.displayName,
    action: change.action,
    note: change.note ?? '',
    old_value: change.oldValue ?? null,
    new_value: change.newValue ?? null,
    new_status: change.newStatus ?? null,
    file_id: change.fileId ?? null,
  });
}

/** The field-change row for `from` → `to`, or nothing when they read the same. */
export function fieldChange(action: HistoryAction, from: string, to: string): HistoryChange[] {
  return from === to ? [] : [{ action, oldValue: from, newValue: to }];
}

function mergesInto(latest: HistoryInsert & { id: number }, row: HistoryInsert): boolean {
  return (
    TEXT_EDIT_ACTIONS.includes(row.action as HistoryAction) &&
    latest.action === row.action &&
    latest.user_id === row.user_id &&
    latest.user_id !== null &&
    Date.parse(row.ts) - Date.parse(latest.ts) < TEXT_EDIT_MERGE_MS
  );
}

/**
 * Writes history rows in the caller's transaction. A text edit that follows the same
 * person's edit of the same field within TEXT_EDIT_MERGE_MS (nothing else in between)
 * extends that row instead: autosave while typing with pauses reads as one change,
 * from the first old value to the last new one; typed back to the start, it goes.
 */
export async function writeHistory(db: Kysely<DB>, rows: HistoryInsert[]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  let rest = rows;
  if (rows.length === 1) {
    const latest = await latestHistory(db, first.item_kind as HistoryKind, first.item_id);
    if (latest && mergesInto(latest, first)) {
      if (latest.old_value === first.new_value) {
        await db.deleteFrom('history').where('id', '=', latest.id).execute();
      } else {
        await db
          .updateTable('history')
          .set({ new_value: first.new_value ?? null, ts: first.ts })
          .where('id', '=', latest.id)
          .execute();
      }
      rest = [];
    }
  }
  if (rest.length > 0) await db.insertInto('history').values(rest).execute();
}
