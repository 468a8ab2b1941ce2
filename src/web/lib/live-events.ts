import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isChangeEvent, type ChangeEvent } from '../../domain/live-events';
import type { RecordKind } from '../../domain/records';
import { holdWhileWriting } from './own-writes';
import { streamMarks, whenAnswerStale } from './stream-marks';
import { queryKeys } from './query-keys';
import { refreshListsShowingClient, refreshRecordLists } from './record-list-refresh';
import { refreshWorklists } from './worklist-refresh';
import { TRASH_WORK_STATE } from '../../domain/worklist';

/**
 * The queries a change makes stale besides the worklist's (refreshWorklists) and the ticket and
 * task lists' (record-list-refresh.ts): the open detail first.
 */
export function affectedQueries(event: ChangeEvent): QueryKey[] {
  const { clients, tickets, tasks, trash } = queryKeys;
  // A change no list shows (a file, a message) leaves the lists and the Корзина alone.
  const listed = event.work !== 'unchanged';
  // The Корзина follows a record in and out of it; a known move elsewhere leaves it alone.
  const trashMoved =
    typeof event.work !== 'object' ||
    event.work.after === null ||
    [event.work.before?.state, event.work.after.state].includes(TRASH_WORK_STATE);
  // Older history pages follow every change of a record.
  const history = (kind: RecordKind) =>
    event.id === null ? ['history', kind] : queryKeys.history(kind, event.id);
  switch (event.entity) {
    case 'ticket':
      return [
        event.id === null ? tickets.all : tickets.detail(event.id),
        history('ticket'),
        // «Сводка»'s unpaid repairs follow lines, statuses and the Корзина.
        queryKeys.cash.takings,
        // A ticket deleted for good gives back the parts it held.
        ...(event.op === 'delete' ? [queryKeys.stock.all] : []),
        ...(trashMoved && listed ? [trash] : []),
      ];
    case 'task':
      return [
        event.id === null ? tasks.all : tasks.detail(event.id),
        history('task'),
        ...(trashMoved && listed ? [trash] : []),
      ];
    case 'client':
      // Tickets and tasks show the client's name and phone (their lists: refreshListsShowingClient).
      return [
        event.id === null ? clients.all : clients.detail(event.id),
        clients.lists,
        tickets.details,
        tasks.details,
        history('client'),
        trash,
      ];
    case 'user':
      // A role's permissions (id null): every open screen asks what it may do now, and parts
      // come again with or without their purchase prices («Склад»).
      return [
        queryKeys.me,
        queryKeys.employees,
        queryKeys.users.all,
        queryKeys.roles,
        ...(event.id === null ? [queryKeys.stock.all] : []),
      ];
    case 'settings':
      // The shop's public address comes with the public config (/api/config).
      return [queryKeys.settings.all, queryKeys.publicConfig];
    case 'cash':
      // A shift, a cash move, or any payment: the desk and the day's takings.
      return [queryKeys.cash.all];
    case 'stock':
      // A part, a receipt, a count, or a repair taking or giving back a part.
      return [queryKeys.stock.all];
    case 'ticket_comments':
    case 'task_comments': {
      // A comment written, edited or deleted, or a mention read: the thread, the mentions under
      // «Мои», and the history (which keeps edited and deleted text).
      const kind = event.entity === 'ticket_comments' ? 'ticket' : 'task';
      if (event.id === null) return [['comments', kind], queryKeys.mentions];
      return [queryKeys.comments(kind, event.id), queryKeys.mentions, history(kind)];
    }
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
export function applyChangeEvent(client: QueryClient, event: ChangeEvent, receivedAt = Date.now()): void {
  const [detail, ...rest] = affectedQueries(event);
  const ownUpdate =
    event.op === 'update' &&
    event.id !== null &&
    detail !== undefined &&
    (holdWhileWriting(detail, event.version) || alreadyHas(client, detail, event.version));
  if (detail && !ownUpdate) void client.invalidateQueries({ queryKey: detail });
  for (const queryKey of rest) void client.invalidateQueries({ queryKey });
  if (event.entity === 'ticket' || event.entity === 'task') {
    refreshRecordLists(client, event as ChangeEvent & { entity: 'ticket' | 'task' });
  } else if (event.entity === 'client' && event.op !== 'create') refreshListsShowingClient(client, event.id);
  refreshWorklists(client, event, receivedAt);
}

export type LiveStatus = 'connecting' | 'open' | 'down';

const MAX_BACKOFF_MS = 30_000;

/** The mark the stream opened at (its `connect` event), or null from a server without one. */
function connectMark(message: Event): string | null {
  try {
    const data: unknown = JSON.parse((message as MessageEvent<string>).data);
    const mark = (data as { mark?: unknown } | null)?.mark;
    return typeof mark === 'string' ? mark : null;
  } catch {
    return null;
  }
}

/**
 * One stream per tab. The browser's EventSource reconnects by itself after a dropped
 * connection (the server asks for 2 s); when the server refuses the stream (signed
 * out) it stops, and we retry with growing pauses after re-checking the session.
 * When the stream opens and something read before can have missed a change (a screen
 * loaded just before, changes made while the stream was down: stream-marks.ts), and
 * whenever the server says changes may have been missed (`resync`), every query is
 * refetched, so nothing made meanwhile is missed.
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
  // A request already under way is left to finish rather than started again.
  const refetchAll = () => void client.invalidateQueries(undefined, { cancelRefetch: false });

  const open = () => {
    source = new EventSource('/api/events');
    onStatus('connecting');
    source.addEventListener('connect', (message) => {
      onStatus('open');
      backoff = 1000;
      // Only when something read before the stream opened can have missed a change (on a
      // cold load nothing has: the worklist is not asked for twice). A request already under
      // way is left to finish rather than started again (the query cache merges the two); its
      // answer is judged when its body has come (api.ts).
      if (streamMarks.opened(connectMark(message))) refetchAll();
      onReconnect?.();
    });
    source.addEventListener('resync', () => void client.invalidateQueries());
    source.addEventListener('change', (message) => {
      streamMarks.changed((message as MessageEvent<string>).lastEventId);
      const event: unknown = JSON.parse((message as MessageEvent<string>).data);
      if (!isChangeEvent(event)) return;
      applyChangeEvent(client, event);
    });
    source.onerror = () => {
      onStatus('down');
      streamMarks.closed();
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        void client.invalidateQueries({ queryKey: queryKeys.me });
        retry = setTimeout(open, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    };
  };

  whenAnswerStale(refetchAll);
  open();
  return () => {
    stopped = true;
    streamMarks.closed();
    whenAnswerStale(undefined);
    clearTimeout(retry);
    source?.close();
  };
}
