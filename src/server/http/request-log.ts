import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged at `warn` whatever the level. */
/** A client's status link is a key to their page: logs keep only that one was opened. */
export function redactUrl(url: string): string {
  return url.replace(/^\/s\/[^/?#]+/, '/s/…');
}

export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request at `debug` (Fastify's own request lines are off), so that the log
 * at `info` is the events that matter. Slow requests are `warn`; server errors are
 * logged by the error handler with their stack, and here once more with the timing.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request completed');
  });
}
