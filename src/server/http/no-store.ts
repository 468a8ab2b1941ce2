import type { FastifyInstance } from 'fastify';

/**
 * API answers carry people's names, phones and addresses: no browser cache or proxy
 * keeps them. A route that sets its own Cache-Control (files) keeps it.
 */
export function registerNoStoreForApi(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
