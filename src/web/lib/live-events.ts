import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isChangeEvent, type ChangeEvent } from '../../domain/live-events';
import type { RecordKind } from '../../domain/records';
import { holdWhileWriting } from './own-writes';
import { queryKeys } from './query-keys';

/** The queries a change makes stale: lists, the open detail (with its history and files). */
export function affectedQueries(event: ChangeEvent): QueryKey[] {
  const { clients, tickets, tasks, work, trash } = queryKeys;
  // Older history pages and the Корзина follow every change of a record.
  const around = (kind: RecordKind) => [
    event.id === null ? ['history', kind] : queryKeys.history(kind, event.id),
    trash,
  ];
  switch (event.entity) {
    case 'ticket':
      return [
        event.id === null ? tickets.all : tickets.detail(event.id),
        tickets.lists,
        work.all,
        ...around('ticket'),
      ];
    case 'task':
      return [
        event.id === null ? tasks.all : tasks.detail(event.id),
        tasks.lists,
        work.all,
        ...around('task'),
      ];
    case 'client':
      // Tickets and tasks show the client's name and phone.
      return [
        event.id === null ? clients.all : clients.detail(event.id),
        clients.lists,
        tickets.all,
        tasks.all,
        work.all,
        ...around('client'),
      ];
    case 'user':
      return [queryKeys.me, queryKeys.employees, queryKeys.users.all];
    case 'settings':
      // The shop's time zone and limits decide what «Сначала просроченные» and «Дольше срока» list.
      return [queryKeys.settings.all, work.all];
  }
}

/** A cached record that already has (at least) the event's version: the change is one it has seen. */
function alreadyHas(client: QueryClient, queryKey: QueryKey, version: number | undefined): boolean {
  // A fetch under way may land older data after this event: let the invalidation redo it.
  if (version === undefined || client.getQueryState(queryKey)?.fetchStatus === 'fetching') return false;
  const cached = client.getQueryData<{ version?: number }>(queryKey);
  return cached?.version !== undefined && cached.version >= version;
}

/**
 * Marks what a change made stale. The tab that made an edit already holds the record
 * the server answered with; it does not fetch that record again (its lists still refresh).
 */
export function applyChangeEvent(client: QueryClient, event: ChangeEvent): void {
  const [detail, ...rest] = affectedQueries(event);
  const ownUpdate =
    event.op === 'update' &&
    event.id !== null &&
    detail !== undefined &&
    (holdWhileWriting(detail, event.version) || alreadyHas(client, detail, event.version));
  if (detail && !ownUpdate) void client.invalidateQueries({ queryKey: detail });
  for (const queryKey of rest) void client.invalidateQueries({ queryKey });
}

export type LiveStatus = 'connecting' | 'open' | 'down';

const MAX_BACKOFF_MS = 30_000;

/**
 * One stream per tab. The browser's EventSource reconnects by itself after a dropped
 * connection (the server asks for 2 s); when the server refuses the stream (signed
 * out) it stops, and we retry with growing pauses after re-checking the session.
 * Every time the stream opens (the first time too: a screen may have loaded just
 * before) and whenever the server says changes may have been missed (`resync`),
 * every query is refetched, so nothing made meanwhile is missed.
 */
export function connectLiveEvents(
  client: QueryClient,
  onStatus: (status: LiveStatus) => void,
  onReconnect?: () => void,
): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let backoff = 1000;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    source = new EventSource('/api/events');
    onStatus('connecting');
    source.addEventListener('connect', () => {
      onStatus('open');
      backoff = 1000;
      // A request already under way is left to finish rather than started again, so the
      // first screen's data is not fetched twice over while the stream opens.
      void client.invalidateQueries(undefined, { cancelRefetch: false });
      onReconnect?.();
    });
    source.addEventListener('resync', () => void client.invalidateQueries());
    source.addEventListener('change', (message) => {
      const event: unknown = JSON.parse((message as MessageEvent<string>).data);
      if (!isChangeEvent(event)) return;
      applyChangeEvent(client, event);
    });
    source.onerror = () => {
      onStatus('down');
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        void client.invalidateQueries({ queryKey: queryKeys.me });
        retry = setTimeout(open, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
