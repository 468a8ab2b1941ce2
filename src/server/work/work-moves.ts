import type { Kysely } from 'kysely';
import type { WorkFacts, WorkMove } from '../../domain/live-events';
import { TRASH_WORK_STATE, type WorkKind } from '../../domain/worklist';
import type { DB } from '../db/schema';
import { toWorkItem } from './work-item-dto';
import { readWorkEntry } from './worklist.repository';

async function readMoveSide(db: Kysely<DB>, kind: WorkKind, id: number) {
  const row = await readWorkEntry(db, kind, id);
  if (!row) return null;
  const facts: WorkFacts = {
    state: row.work_state,
    assigneeId: row.assignee_id,
    text: row.search_text,
    phone: row.client_phone_digits,
  };
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

/**
 * Notes where a ticket or task stands in the worklist before a write, in the writing
 * transaction; the function it returns reads where it stands after (in the same
 * transaction, so that two changes' moves add up exactly in every open list's counts).
 */
export async function watchWorkMove(
  trx: Kysely<DB>,
  kind: WorkKind,
  id: number,
): Promise<() => Promise<WorkMove>> {
  const before = (await readMoveSide(trx, kind, id))?.facts ?? null;
  return () => workMoveFrom(trx, kind, id, before);
}

/** A new item's move: from nowhere to where it stands now (read in its creating transaction). */
export function createdWorkMove(trx: Kysely<DB>, kind: WorkKind, id: number): Promise<WorkMove> {
  return workMoveFrom(trx, kind, id, null);
}

/** The move from `before` to where the item stands now, in this transaction. */
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
