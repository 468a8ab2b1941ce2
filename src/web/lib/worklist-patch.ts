import { isCappedCount } from '../../domain/state-counts';
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../domain/page';
import type { WorkMove } from '../../domain/live-events';
import { compareWork, type WorkKind, type WorkState } from '../../domain/worklist';
import {
  countedState,
  inWorklist,
  judgeableWorkFilter,
  matchesOtherFilters,
} from '../../domain/worklist-match';
import type { WorkItemDto } from '../../domain/worklist-query';

/**
 * What a live update does to one open list: new data to show, nothing (the change is not
 * in it), or ask the server (the list cannot tell by itself).
 */
export type Patch<T> = { data: T } | 'same' | 'refetch';

export type WorkPages = InfiniteData<Page<WorkItemDto>, unknown>;

export function isWorkPages(data: unknown): data is WorkPages {
  const pages = (data as WorkPages | undefined)?.pages;
  return Array.isArray(pages) && pages.every((page) => Array.isArray(page?.items));
}

/**
 * A worklist's loaded pages after a ticket's or task's move (issue 22: a change reaches a
 * thousand open tabs without a thousand requests). The pages stay a contiguous stretch of
 * the list from its top: the row leaves, and comes back at its place in the order when it
 * still matches — unless that place is past the last loaded row of a list that goes on
 * («Показать ещё» will bring it, from the cursor of that row).
 */
export function patchWorklist(
  data: unknown,
  params: Record<string, string>,
  kind: WorkKind,
  id: number,
  move: WorkMove,
): Patch<WorkPages> {
  const filter = judgeableWorkFilter(params);
  if (!filter || !isWorkPages(data) || data.pages.length === 0) return 'refetch';
  const rows = data.pages.flatMap((page) => page.items);
  const at = rows.findIndex((row) => row.kind === kind && row.id === id);
  const shown = at >= 0 ? rows[at] : undefined;
  const item = move.item;
  const belongs = move.after !== null && inWorklist(filter, kind, id, move.after);
  if (belongs && item === undefined) return 'refetch';
  // An older change arriving after a newer one (another server's, or a slow transaction's).
  if (shown && item && item.version < shown.version) return 'same';
  if (!shown && !belongs) return 'same';

  const complete = data.pages.at(-1)?.nextCursor === null;
  const last = rows.at(-1);
  if (!complete && shown && shown === last) {
    // The last loaded row marks where the next page starts: it may only change in place.
    return belongs && item && compareWork(item, shown) === 0
      ? { data: replaceRow(data, at, item) }
      : 'refetch';
  }

  const rest = rows.filter((_, index) => index !== at);
  let place = belongs && item ? rest.findIndex((row) => compareWork(item, row) < 0) : -1;
  if (belongs && place < 0 && complete) place = rest.length;
  if (place < 0) return at >= 0 ? { data: removeRow(data, at) } : 'same';
  return { data: insertRow(at >= 0 ? removeRow(data, at) : data, place, item!) };
}

/** The counts beside the state checkboxes after a move: one less where it was, one more where it is. */
export function patchWorkCounts(
  counts: unknown,
  params: Record<string, string>,
  kind: WorkKind,
  id: number,
  move: WorkMove,
): Patch<Record<WorkState, number>> {
  const filter = judgeableWorkFilter(params);
  if (!filter || typeof counts !== 'object' || counts === null) return 'refetch';
  const current = counts as Partial<Record<WorkState, number>>;
  const stateOf = (facts: WorkMove['before']) =>
    facts && matchesOtherFilters(filter, kind, id, facts) ? countedState(facts) : null;
  const [from, to] = [stateOf(move.before), stateOf(move.after)];
  if (from === to) return 'same';
  const next = { ...current } as Record<WorkState, number>;
  for (const [state, by] of [
    [from, -1],
    [to, 1],
  ] as const) {
    if (state === null) continue;
    // Counts of another shape than this code knows: ask.
    if (typeof next[state] !== 'number') return 'refetch';
    if (isCappedCount(next[state], (params.q ?? '').trim() !== '')) {
      // «1000+» and one more is still «1000+»; one less may be exactly 1000, or not: ask.
      if (by < 0) return 'refetch';
      continue;
    }
    next[state] += by;
  }
  return { data: next };
}

/** Pages with the rows between them given back as `update` changes them (page sizes may drift). */
function mapRows(data: WorkPages, update: (rows: WorkItemDto[], offset: number) => WorkItemDto[]): WorkPages {
  let offset = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = update(page.items, offset);
      offset += page.items.length;
      return items === page.items ? page : { ...page, items };
    }),
  };
}

function replaceRow(data: WorkPages, at: number, item: WorkItemDto): WorkPages {
  return mapRows(data, (rows, offset) =>
    at >= offset && at < offset + rows.length ? rows.map((row, i) => (i === at - offset ? item : row)) : rows,
  );
}

function removeRow(data: WorkPages, at: number): WorkPages {
  return mapRows(data, (rows, offset) =>
    at >= offset && at < offset + rows.length ? rows.filter((_, i) => i !== at - offset) : rows,
  );
}

/** Before the row now at `place` (counted without the moved row), or after the last one. */
function insertRow(data: WorkPages, place: number, item: WorkItemDto): WorkPages {
  let offset = 0;
  let target = data.pages.length - 1;
  let index = data.pages[target]!.items.length;
  for (const [p, page] of data.pages.entries()) {
    if (place < offset + page.items.length) {
      target = p;
      index = place - offset;
      break;
    }
    offset += page.items.length;
  }
  return {
    ...data,
    pages: data.pages.map((page, p) =>
      p === target
        ? { ...page, items: [...page.items.slice(0, index), item, ...page.items.slice(index)] }
        : page,
    ),
  };
}
