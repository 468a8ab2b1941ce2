import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeEvent } from '../../domain/live-events';
import { isWorkPages, patchWorkCounts, patchWorklist, type Patch } from './worklist-patch';
import { queryKeys } from './query-keys';

/**
 * Counts fetched this recently may already hold the change an event reports (the server
 * counted after the commit, and the answer overtook the event): counting it again would
 * be wrong, so they are asked for again instead.
 */
export const JUST_FETCHED_MS = 300;

type WorkQueryKey = readonly ['work', string, Record<string, string>?];

/** Per tab: the newest version each item's move came with. */
const newestMoves = new WeakMap<QueryClient, Map<string, number>>();

/**
 * Whether a tab has already taken in a newer move of this item: events can arrive out of order
 * (another server's, a slow NOTIFY), and an older row must not come back over a newer change.
 * The counts still take it (each move's -1/+1 adds up in any order).
 */
function olderThanSeen(client: QueryClient, key: string, version: number | null): boolean {
  let seen = newestMoves.get(client);
  if (!seen) newestMoves.set(client, (seen = new Map()));
  // Gone for good is the last word.
  const current = version ?? Number.POSITIVE_INFINITY;
  const newest = seen.get(key);
  if (newest !== undefined && current <= newest) return true;
  seen.set(key, current);
  return false;
}

/**
 * Brings every open worklist (and the counts beside its states) up to date after a
 * change. A ticket's or task's event says how it moved, so each list updates its own
 * rows and counts and the server is not asked a thousand times for one edit (issue 22);
 * a list that cannot tell by itself (the dashboard's links, a page still loading) asks
 * the server, and only that list.
 */
export function refreshWorklists(client: QueryClient, event: ChangeEvent, receivedAt: number): void {
  const queries = client.getQueryCache().findAll({ queryKey: queryKeys.work.all });
  const refetch = (query: Query) => void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  switch (event.entity) {
    case 'user':
    case 'cash':
    case 'stock':
    case 'ticket_comments':
    case 'task_comments':
      return;
    case 'settings':
      // The shop's time zone and limits decide what «Сначала просроченные» and «Дольше срока» list.
      return void client.invalidateQueries({ queryKey: queryKeys.work.all });
    case 'client':
      // A new client has no items yet; a renamed one's rows show its new name, and a search
      // may now find (or lose) its items.
      if (event.op === 'create') return;
      for (const query of queries) {
        if (showsClient(query, event.id)) refetch(query);
      }
      return;
  }
  const move = event.work;
  if (move === 'unchanged') return;
  if (move === undefined || event.id === null) {
    return void client.invalidateQueries({ queryKey: queryKeys.work.all });
  }
  const { entity: kind, id } = event;
  const outdated = olderThanSeen(client, `${kind}:${id}`, move.version);
  for (const query of queries) {
    const [, part, params = {}] = query.queryKey as unknown as WorkQueryKey;
    // A page under way may have been read before the change: it is read again.
    if (query.state.fetchStatus === 'fetching') {
      refetch(query);
      continue;
    }
    let patch: Patch<unknown>;
    if (part === 'list') patch = outdated ? 'same' : patchWorklist(query.state.data, params, kind, id, move);
    else if (part === 'counts' && query.state.dataUpdatedAt <= receivedAt - JUST_FETCHED_MS) {
      patch = patchWorkCounts(query.state.data, params, kind, id, move);
    } else patch = 'refetch';
    if (patch === 'refetch') refetch(query);
    // As of the last answer from the server still: the guard above is about that answer.
    else if (patch !== 'same') {
      client.setQueryData(query.queryKey as QueryKey, patch.data, { updatedAt: query.state.dataUpdatedAt });
    }
  }
}

/** Whether a worklist query may show a client's items: its rows do, or its search may find them. */
function showsClient(query: Query, clientId: number | null): boolean {
  const [, part, params = {}] = query.queryKey as unknown as WorkQueryKey;
  if (part !== 'list' && part !== 'counts') return false;
  if (clientId === null || (params.q ?? '').trim() !== '') return true;
  if (part === 'counts') return false;
  const data = query.state.data;
  return !isWorkPages(data) || data.pages.some((page) => page.items.some((row) => row.clientId === clientId));
}
