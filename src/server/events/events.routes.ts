import { SESSION_COOKIE, userOf, type SessionResolver } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import type { EventBus } from './event-bus';

export const HEARTBEAT_MS = 25_000;

/**
 * One event's text, written once however many streams it goes to (10,000 open tabs: issue 22).
 * Its id is the bus's mark after it: every stream is handed the event before the next comes.
 */
const eventText = new WeakMap<object, string>();
function changeMessage(event: object, mark: () => string | null): string {
  let text = eventText.get(event);
  if (text === undefined) {
    text = `id: ${mark() ?? ''}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
    eventText.set(event, text);
  }
  return text;
}

/**
 * GET /api/events: Server-Sent Events for signed-in users. A `connect` event first with the
 * bus's mark, then one `change` per committed change (its id the mark after it), `resync`
 * when changes may have been missed (the browser refetches everything), and a comment line
 * as heartbeat. On `connect` the browser refetches what it read before the mark, or
 * everything when changes were made while it had no stream. The session is checked again at
 * every heartbeat and whenever an account changes, so a signed-out or disabled user's stream
 * is closed.
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
        if (!closed) res.write(changeMessage(event, () => bus.mark()));
      },
      () => {
        if (!closed) res.write('event: resync\ndata: {}\n\n');
      },
    );
    // The mark is read as the stream starts listening (no change can come in between): the
    // browser refetches only what was read before it (src/web/lib/stream-marks.ts).
    res.write(`retry: 2000\nevent: connect\ndata: ${JSON.stringify({ mark: bus.mark() })}\n\n`);
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      void stillSignedIn();
    }, heartbeatMs);
    open.add(close);
    request.raw.on('close', close);
  });
}
