import type { RouteScopes } from './route-scopes';
import { webManifest } from '../../domain/web-manifest';

/** The installable app's manifest, named after this server's APP_NAME. */
export function registerWebManifest({ open }: RouteScopes, appName: string) {
  const body = JSON.stringify(webManifest(appName));
  open.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
