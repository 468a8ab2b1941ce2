import type { FastifyInstance } from 'fastify';
import type { EventBus } from './event-bus';

export const EVENT_MARK_HEADER = 'x-event-mark';

declare module 'fastify' {
  interface FastifyRequest {
    eventMark: string | null;
  }
}

/**
 * Every signed-in API answer says where the stream of changes stood as its request arrived,
 * before anything was read: the browser compares it with its stream's opening mark and
 * refetches only data that can have missed a change (src/web/lib/stream-marks.ts, issue 22).
 * Read first, sent last, and only to staff: an outsider has no business counting the shop's
 * changes or seeing when its server restarts.
 */
export function registerEventMarkHeader(app: FastifyInstance, bus: EventBus) {
  app.decorateRequest('eventMark', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) request.eventMark = bus.mark();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.eventMark !== null && request.session) reply.header(EVENT_MARK_HEADER, request.eventMark);
  });
}
