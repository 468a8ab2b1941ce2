import type { WorkItemDto } from './worklist-query';

/** What changed, sent to every signed-in browser after the change is committed. */
export const LIVE_ENTITIES = [
  'ticket',
  'task',
  'client',
  'user',
  'settings',
  'cash',
  'stock',
  // A ticket's or task's comment thread (the id is the item's), and the mentions in it.
  'ticket_comments',
  'task_comments',
] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];
export type LiveOp = 'create' | 'update' | 'delete';

/**
 * What decides whether a ticket or task is in a worklist and which count beside the
 * states it adds to: read in the transaction that changed it, before and after.
 */
export interface WorkFacts {
  /** The stored work_state: 'new', 'in_progress', 'closed', or 'trash' (in no list). */
  state: string;
  assigneeId: number | null;
  /** The stored search text and client phone digits (src/domain/search-text.ts). */
  text: string;
  phone: string;
}

/**
 * How a change moved a ticket or task in the worklist, so that an open list can update its
 * rows and counts itself instead of asking the server again (issue 22). `before` is null
 * for a new item, `after` null for one deleted for good; `item` is the row as lists show it
 * after the change (absent when it is in no list).
 */
export interface WorkMove {
  before: WorkFacts | null;
  after: WorkFacts | null;
  item?: WorkItemDto;
  /**
   * The record's version after the change; null when it is gone for good. Events can arrive out
   * of order (another server, a slow NOTIFY): a list leaves a row alone after a newer one.
   */
  version: number | null;
}

export interface ChangeEvent {
  entity: LiveEntity;
  id: number | null;
  op: LiveOp;
  /** The record's version after an update, so the tab that made it need not fetch it again. */
  version?: number;
  /**
   * A ticket's or task's move in the worklist; 'unchanged' when the change touched nothing a
   * list shows (a file, a message). Absent: unknown — lists ask the server again.
   */
  work?: WorkMove | 'unchanged';
}

function isWorkFacts(value: unknown): value is WorkFacts {
  const v = value as WorkFacts | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.state === 'string' &&
    (v.assigneeId === null || Number.isSafeInteger(v.assigneeId)) &&
    typeof v.text === 'string' &&
    typeof v.phone === 'string'
  );
}

function isWorkMove(value: unknown): value is WorkMove | 'unchanged' {
  if (value === 'unchanged') return true;
  const v = value as WorkMove | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.before === null || isWorkFacts(v.before)) &&
    (v.after === null || isWorkFacts(v.after)) &&
    (v.version === null || Number.isSafeInteger(v.version)) &&
    (v.item === undefined ||
      (typeof v.item === 'object' && v.item !== null && Number.isSafeInteger(v.item.id)))
  );
}

export function isChangeEvent(value: unknown): value is ChangeEvent {
  const v = value as ChangeEvent | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (LIVE_ENTITIES as readonly string[]).includes(v.entity) &&
    (v.id === null || Number.isSafeInteger(v.id)) &&
    ['create', 'update', 'delete'].includes(v.op) &&
    (v.version === undefined || Number.isSafeInteger(v.version)) &&
    (v.work === undefined || isWorkMove(v.work))
  );
}
