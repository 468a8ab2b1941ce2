import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPage } from '../../domain/routes';
import { sendApiNotFound } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Preloads = { app?: string[]; work?: string[] };

/** index.html with a <link rel="modulepreload"> per code file before </head> (only our hashed assets). */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * The page for each kind of address: the worklist and the rest of /app also name the
 * chunks their first screen needs (build/route-preloads-plugin.ts), so a slow line
 * carries them beside the entry instead of after it; other pages (the login) stay lean.
 */
function pagesFor(webRoot: string, indexHtml: Buffer) {
  const file = path.join(webRoot, 'route-preloads.json');
  const preloads: Preloads = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Preloads)
    : {};
  const html = indexHtml.toString('utf8');
  const app = Buffer.from(withPreloads(html, preloads.app ?? []));
  const work = Buffer.from(withPreloads(html, preloads.work ?? []));
  return (pathname: string): Buffer => {
    if (pathname === '/app/work' || pathname === '/app' || pathname === '/app/') return work;
    if (pathname.startsWith('/app/')) return app;
    return indexHtml;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, every page path answered
 * with index.html (never cached, so a new release is picked up at once). Unknown
 * public paths get index.html with status 404; the app shows its 404 page there.
 * `webRoot` null means an API-only server (tests).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  const pageFor = webRoot && indexHtml ? pagesFor(webRoot, indexHtml) : null;
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
    if (pathname.startsWith('/api/') || !pageFor || !readsPage) {
      return sendApiNotFound(reply);
    }
    return reply
      .status(isAppPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageFor(pathname));
  });
}
