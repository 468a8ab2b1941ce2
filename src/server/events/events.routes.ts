import { SESSION_COOKIE, userOf, type SessionResolver } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import type { EventBus } from './event-bus';

export const HEARTBEAT_MS = 25_000;

/** One event's text, written once however many streams it goes to (10,000 open tabs: issue 22). */
const eventText = new WeakMap<object, string>();
function changeMessage(event: object): string {
  let text = eventText.get(event);
  if (text === undefined) {
    text = `event: change\ndata: ${JSON.stringify(event)}\n\n`;
    eventText.set(event, text);
  }
  return text;
}

/**
 * GET /api/events: Server-Sent Events for signed-in users. A `connect` event first,
 * then one `change` per committed change, `resync` when changes may have been missed
 * (the browser refetches everything on `connect` and `resync`), and a comment line
 * as heartbeat. The
 * session is checked again at every heartbeat and whenever an account changes, so a
 * signed-out or disabled user's stream is closed.
 */
export function registerEventsRoutes(
  { staff }: RouteScopes,
  {
    bus,
    sessions,
    heartbeatMs = HEARTBEAT_MS,
  }: { bus: EventBus; sessions: SessionResolver; heartbeatMs?: number },
) {
  const open = new Set<() => void>();
  // Before the server stops listening, not after: it waits for open connections to end, and a
  // stream never ends by itself (a restart would hang until the service manager kills it).
  staff.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  staff.get('/api/events', async (request, reply) => {
    const headers = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
    };
    // An uptime monitor's HEAD gets the stream's headers and no stream.
    if (request.method === 'HEAD') return reply.headers(headers).send();
    const token = request.cookies[SESSION_COOKIE] ?? '';
    const userId = userOf(request).id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...headers,
      connection: 'keep-alive',
      // Tells nginx and similar proxies not to hold events back.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\nevent: connect\ndata: {}\n\n');

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
      res.end();
    };
    const stillSignedIn = async () => {
      if (!(await sessions.resolve(token))) close();
    };
    const unsubscribe = bus.subscribe(
      (event) => {
        // Only a change to this stream's own account can sign it out (logout, role, access).
        if (event.entity === 'user' && event.id === userId) void stillSignedIn();
        if (!closed) res.write(changeMessage(event));
      },
      () => {
        if (!closed) res.write('event: resync\ndata: {}\n\n');
      },
    );
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      void stillSignedIn();
    }, heartbeatMs);
    open.add(close);
    request.raw.on('close', close);
  });
}
