import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isChangeEvent, type ChangeEvent } from '../../domain/live-events';
import { meQueryKey } from './session';

/** The queries a change makes stale: lists, the open detail (with its history and files). */
export function affectedQueries(event: ChangeEvent): QueryKey[] {
  const detail = (root: string): QueryKey[] => (event.id === null ? [[root]] : [[root, 'detail', event.id]]);
  switch (event.entity) {
    case 'ticket':
      return [...detail('tickets'), ['tickets', 'list'], ['work']];
    case 'task':
      return [...detail('tasks'), ['tasks', 'list'], ['work']];
    case 'client':
      // Tickets and tasks show the client's name and phone.
      return [...detail('clients'), ['clients', 'list'], ['tickets'], ['tasks'], ['work']];
    case 'user':
      return [meQueryKey, ['employees'], ['users']];
    case 'settings':
      return [['settings']];
  }
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
      for (const queryKey of affectedQueries(event)) void client.invalidateQueries({ queryKey });
    });
    source.onerror = () => {
      onStatus('down');
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        void client.invalidateQueries({ queryKey: meQueryKey });
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
