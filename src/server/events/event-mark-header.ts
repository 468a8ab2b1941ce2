import type { FastifyInstance } from 'fastify';
import type { EventBus } from './event-bus';

export const EVENT_MARK_HEADER = 'x-event-mark';

/**
 * Every API answer says where the stream of changes stood as its request arrived, before
 * anything was read: the browser compares it with its stream's opening mark and refetches
 * only data that can have missed a change (src/web/lib/stream-marks.ts, issue 22).
 */
export function registerEventMarkHeader(app: FastifyInstance, bus: EventBus) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header(EVENT_MARK_HEADER, bus.mark());
  });
}
