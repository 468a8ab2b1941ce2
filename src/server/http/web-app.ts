import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPage } from '../../domain/routes';
import { sendApiNotFound } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, every page path answered
 * with index.html (never cached, so a new release is picked up at once). Unknown
 * public paths get index.html with status 404; the app shows its 404 page there.
 * `webRoot` null means an API-only server (tests).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  if (webRoot && !indexHtml) {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build` (npm start does it for you)');
  }

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Serves the .br / .gz files written at build time to browsers that accept them.
      preCompressed: true,
      // Source maps stay on the server's disk: they would hand out the whole source.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const inAssets = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || !indexHtml || !readsPage) {
      return sendApiNotFound(reply);
    }
    return reply
      .status(isAppPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
