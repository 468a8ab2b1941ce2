import type { Kysely } from 'kysely';
import type { WorkFacts, WorkMove } from '../../domain/live-events';
import { TRASH_WORK_STATE, type WorkKind } from '../../domain/worklist';
import type { DB } from '../db/schema';
import { toWorkItem } from './work-item-dto';
import { workColumns, type WorkRow } from './worklist.repository';

/** The stored columns the worklist filters on. */
interface FactColumns {
  work_state: string;
  assignee_id: number | null;
  search_text: string;
  client_phone_digits: string;
}

/**
 * Where a row stands for the worklist's filters. Given the row a version-checked write read, it
 * is where the item stood just before that write (the write fails if anyone changed it since).
 */
export function workFactsOf(row: FactColumns): WorkFacts {
  return {
    state: row.work_state,
    assigneeId: row.assignee_id,
    text: row.search_text,
    phone: row.client_phone_digits,
  };
}

/** One item's worklist row with the facts lists are filtered on (WorkFacts), or undefined. */
function readWorkEntry(db: Kysely<DB>, kind: WorkKind, id: number) {
  return workColumns(db, kind)
    .select(['work_state', 'search_text', 'client_phone_digits'])
    .where('id', '=', id)
    .executeTakeFirst() as Promise<
    (WorkRow & { work_state: string; search_text: string; client_phone_digits: string }) | undefined
  >;
}

async function readMoveSide(db: Kysely<DB>, kind: WorkKind, id: number) {
  const row = await readWorkEntry(db, kind, id);
  if (!row) return null;
  const facts = workFactsOf(row);
  return {
    facts,
    version: Number(row.version),
    item: facts.state === TRASH_WORK_STATE ? undefined : toWorkItem(row),
  };
}

/** Where an item stands for the worklist's filters now, in this transaction (null: no such item). */
export async function readWorkFacts(trx: Kysely<DB>, kind: WorkKind, id: number): Promise<WorkFacts | null> {
  return (await readMoveSide(trx, kind, id))?.facts ?? null;
}

/** A new item's move: from nowhere to where it stands now (read in its creating transaction). */
export function createdWorkMove(trx: Kysely<DB>, kind: WorkKind, id: number): Promise<WorkMove> {
  return workMoveFrom(trx, kind, id, null);
}

/**
 * The move from `before` to where the item stands now, read in the writing transaction, so that
 * two changes' moves add up exactly in every open list's counts.
 */
export async function workMoveFrom(
  trx: Kysely<DB>,
  kind: WorkKind,
  id: number,
  before: WorkFacts | null,
): Promise<WorkMove> {
  const after = await readMoveSide(trx, kind, id);
  return {
    before,
    after: after?.facts ?? null,
    ...(after?.item ? { item: after.item } : {}),
    version: after?.version ?? null,
  };
}

/** An item deleted for good from the Корзина: it was in no list and no count. */
export const PURGED_WORK_MOVE: WorkMove = {
  before: { state: TRASH_WORK_STATE, assigneeId: null, text: '', phone: '' },
  after: null,
  version: null,
};
