import { normalizeSearchText } from './search-text';
import { readTaskStatus } from './task-status';

export type WorkKind = 'ticket' | 'task';
/** The worklist's three checkboxes: Новые / В работе / Закрытые. */
export type WorkState = 'new' | 'in_progress' | 'closed';
export const WORK_STATES: readonly WorkState[] = ['new', 'in_progress', 'closed'];
export const DEFAULT_WORK_STATES: readonly WorkState[] = ['new', 'in_progress'];

/** What the order depends on: the stored fields of a ticket or a task. */
export interface WorkOrderFields {
  kind: WorkKind;
  id: number;
  /** As stored (legacy values included). */
  status: string;
  title: string;
  dueDate: string | null;
  createdAt: string;
  closedAt: string | null;
}

/** A ticket anywhere between new and closed counts as in progress; legacy task values map (spec §4). */
export function workState(kind: WorkKind, status: string): WorkState {
  if (kind === 'task') return readTaskStatus(status);
  if (status === 'closed') return 'closed';
  return status === 'new' ? 'new' : 'in_progress';
}

export function isPickupTask(title: string): boolean {
  return normalizeSearchText(title).includes('забрать');
}

/**
 * Spec §4: open items by group — 1 tickets in to_pvz, 2 tickets in at_pvz, 3 tasks whose
 * title contains 'забрать', 4 other tickets, 5 other tasks; closed items after all (9).
 */
export function workGroup(item: Pick<WorkOrderFields, 'kind' | 'status' | 'title'>): number {
  if (workState(item.kind, item.status) === 'closed') return 9;
  if (item.kind === 'ticket') {
    if (item.status === 'to_pvz') return 1;
    if (item.status === 'at_pvz') return 2;
    return 4;
  }
  return isPickupTask(item.title) ? 3 : 5;
}

const KIND_RANK: Record<WorkKind, number> = { ticket: 0, task: 1 };
export function kindRank(kind: WorkKind): number {
  return KIND_RANK[kind];
}

function millis(iso: string | null): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * The worklist order as a comparator (spec §4). Within an open group: due date
 * ascending, dated before undated, then created ascending. Closed: newest closure
 * first. Remaining ties: tickets before tasks, then by number.
 */
export function compareWork(a: WorkOrderFields, b: WorkOrderFields): number {
  const group = workGroup(a) - workGroup(b);
  if (group !== 0) return group;
  if (workGroup(a) === 9) {
    const closed = millis(b.closedAt) - millis(a.closedAt);
    if (closed !== 0) return closed;
  } else {
    if (a.dueDate !== b.dueDate) {
      if (a.dueDate === null) return 1;
      if (b.dueDate === null) return -1;
      return a.dueDate < b.dueDate ? -1 : 1;
    }
    const created = millis(a.createdAt) - millis(b.createdAt);
    if (created !== 0) return created;
  }
  return kindRank(a.kind) - kindRank(b.kind) || a.id - b.id;
}

const MAX_MS = 9_999_999_999_999;
const pad13 = (ms: number) => String(Math.min(Math.max(ms, 0), MAX_MS)).padStart(13, '0');

/** Every closed item's key starts with it and every open item's key sorts before it (workSortKey). */
export const CLOSED_SORT_PREFIX = '9';

/**
 * The same order as one string of digits, stored with each row so that the database
 * can read the worklist straight off an index: comparing two keys (then kind, then
 * id) gives the same answer as compareWork. Digits only, fixed width, so every
 * collation sorts it the same way.
 */
export function workSortKey(item: WorkOrderFields): string {
  const group = workGroup(item);
  if (group === 9) return `${CLOSED_SORT_PREFIX}0${'0'.repeat(8)}${pad13(MAX_MS - millis(item.closedAt))}`;
  const due = item.dueDate ? `0${item.dueDate.replace(/-/g, '')}` : `1${'9'.repeat(8)}`;
  return `${group}${due}${pad13(millis(item.createdAt))}`;
}

/**
 * Items in the Корзина are in no list: their state matches no filter, and their order
 * key sorts after every live key ('~' is after the digits), outside the index ranges
 * the worklist reads.
 */
export const TRASH_WORK_STATE = 'trash';
export const TRASH_SORT_PREFIX = '~';

/** Row colour (spec §4): closed grey; open to_pvz / at_pvz tickets and 'забрать' tasks pale yellow. */
export function workHighlight(
  item: Pick<WorkOrderFields, 'kind' | 'status' | 'title'>,
): 'closed' | 'urgent' | null {
  const group = workGroup(item);
  if (group === 9) return 'closed';
  return group <= 3 ? 'urgent' : null;
}

/** The states ticked in a filter's comma-separated value; absent means the default (new and in progress). */
export function parseStates(raw: string | undefined): WorkState[] {
  if (raw === undefined) return [...DEFAULT_WORK_STATES];
  return WORK_STATES.filter((state) => raw.split(',').includes(state));
}
