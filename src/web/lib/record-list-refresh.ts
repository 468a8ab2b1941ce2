import type { Query, QueryClient } from '@tanstack/react-query';
import type { Page } from '../../domain/page';
import type { ChangeEvent, WorkMove } from '../../domain/live-events';
import { isSearching, parseSearchQuery } from '../../domain/search-text';
import { TRASH_WORK_STATE, type WorkKind } from '../../domain/worklist';
import { searchMatches } from '../../domain/worklist-match';
import { queryKeys } from './query-keys';

/** What a ticket or task list row tells of where the list stands (newest first) and whose it is. */
interface ListedRow {
  id: number;
  createdAt: string;
  clientId: number | null;
}

/** The filters of the ticket and task lists a browser can judge an item against. */
const JUDGEABLE_PARAMS = new Set(['q', 'status', 'clientId', 'limit']);

/** A list's loaded pages: paged ('Показать ещё') or one page (a client card's). */
function loadedPages(data: unknown): Page<ListedRow>[] | null {
  const isPage = (page: unknown): page is Page<ListedRow> =>
    Array.isArray((page as Page<ListedRow> | null)?.items);
  const pages = (data as { pages?: unknown } | undefined)?.pages;
  if (Array.isArray(pages)) return pages.every(isPage) ? pages : null;
  return isPage(data) ? [data] : null;
}

/** Whether the item after the move is one this list's filters let through. */
function passesFilter(
  params: Record<string, unknown>,
  id: number,
  facts: NonNullable<WorkMove['after']>,
  item: NonNullable<WorkMove['item']>,
): boolean {
  const { q, status, clientId } = params;
  if (typeof status === 'string' && status !== '' && item.status !== status) return false;
  if (clientId !== undefined && item.clientId !== Number(clientId)) return false;
  const search = parseSearchQuery(typeof q === 'string' ? q : '');
  return !isSearching(search) || searchMatches(search, id, facts.text, facts.phone);
}

/**
 * Whether a ticket or task list (newest first: created_at, then number, descending) must ask
 * the server again after a move of one of its kind's items. A list that shows the item, or
 * whose loaded stretch it now enters, does; one the change does not reach keeps its rows, so
 * that an edit costs the server one request per screen that shows it, not one per open tab
 * (issue 22). When it cannot tell (an unknown filter or shape, no row in the event), it asks.
 */
export function recordListMustRefetch(
  params: Record<string, unknown>,
  data: unknown,
  id: number,
  move: WorkMove,
): boolean {
  if (Object.keys(params).some((name) => !JUDGEABLE_PARAMS.has(name))) return true;
  const pages = loadedPages(data);
  if (!pages || pages.length === 0) return true;
  const rows = pages.flatMap((page) => page.items);
  if (rows.some((row) => row.id === id)) return true;
  const { after, item } = move;
  if (after === null || after.state === TRASH_WORK_STATE) return false;
  if (!item) return true;
  if (!passesFilter(params, id, after, item)) return false;
  const last = rows.at(-1);
  if (pages.at(-1)?.nextCursor === null || !last) return true;
  // Past the last loaded row, 'Показать ещё' brings it from that row's cursor.
  return item.createdAt > last.createdAt || (item.createdAt === last.createdAt && id > last.id);
}

const LISTS: Record<WorkKind, readonly unknown[]> = {
  ticket: queryKeys.tickets.lists,
  task: queryKeys.tasks.lists,
};

/**
 * Brings the open ticket and task lists up to date after a ticket's or task's change: each list
 * asks the server again only when the change reaches it (recordListMustRefetch).
 */
export function refreshRecordLists(client: QueryClient, event: ChangeEvent & { entity: WorkKind }): void {
  const move = event.work;
  if (move === 'unchanged') return;
  const lists = client.getQueryCache().findAll({ queryKey: LISTS[event.entity] });
  const refetch = (query: Query) => void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  for (const query of lists) {
    const [, , params] = query.queryKey;
    // An answer under way may have been read before the change: it is asked for again.
    if (query.state.fetchStatus === 'fetching') refetch(query);
    else if (params === queryKeys.tickets.legacyStatuses[2]) {
      if (legacyStatusesMayChange(query.state.data, event)) refetch(query);
    } else if (
      move === undefined ||
      event.id === null ||
      typeof params !== 'object' ||
      params === null ||
      recordListMustRefetch(params as Record<string, unknown>, query.state.data, event.id, move)
    ) {
      refetch(query);
    }
  }
}

/**
 * The legacy statuses still in use (the ticket list's status filter) only ever shrink: no change
 * writes one, but a ticket may leave one. So when none is left, only an import (a change with no
 * single id) or a ticket back from the Корзина can bring one back.
 */
function legacyStatusesMayChange(data: unknown, event: ChangeEvent): boolean {
  if (!Array.isArray(data) || data.length > 0) return true;
  const move = event.work;
  if (event.id === null || move === undefined || move === 'unchanged') return move !== 'unchanged';
  // Restored, not deleted for good (a purge, too, comes from the Корзина).
  return move.before?.state === TRASH_WORK_STATE && move.after !== null;
}

/**
 * After a client's change (its name or phone, shown in rows and searched): the ticket and task
 * lists that show its items, or whose search may now find or lose them, ask the server again.
 */
export function refreshListsShowingClient(client: QueryClient, clientId: number | null): void {
  for (const lists of Object.values(LISTS)) {
    for (const query of client.getQueryCache().findAll({ queryKey: lists })) {
      const [, , params] = query.queryKey;
      if (typeof params !== 'object' || params === null) continue;
      if (
        clientId === null ||
        // A page under way may have been read before the change.
        query.state.fetchStatus === 'fetching' ||
        listMayShowClient(params as Record<string, unknown>, query.state.data, clientId)
      ) {
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      }
    }
  }
}

function listMayShowClient(params: Record<string, unknown>, data: unknown, clientId: number): boolean {
  if (Object.keys(params).some((name) => !JUDGEABLE_PARAMS.has(name))) return true;
  if (typeof params.q === 'string' && params.q.trim() !== '') return true;
  if (params.clientId !== undefined) return Number(params.clientId) === clientId;
  const pages = loadedPages(data);
  return !pages || pages.some((page) => page.items.some((row) => row.clientId === clientId));
}
