import type { FastifyInstance } from 'fastify';
import { webManifest } from '../../domain/web-manifest';

/** The installable app's manifest, named after this server's APP_NAME. */
export function registerWebManifest(app: FastifyInstance, appName: string) {
  const body = JSON.stringify(webManifest(appName));
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
