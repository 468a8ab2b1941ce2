import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sent by our own API client on requests that carry no JSON body. */
export const API_CLIENT_HEADER = 'x-requested-with';

const REJECTED = 'Запрос отклонён: он пришёл не со страницы приложения';

function allowedOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const own = `${request.protocol}://${request.host}`;
  return publicUrl ? [own, new URL(publicUrl).origin] : [own];
}

/**
 * CSRF defence for the API (ASVS 3.5): a state-changing request must come from our
 * own pages (Sec-Fetch-Site / Origin) and be one a plain HTML form cannot send
 * (a JSON body or our client's header).
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw new AppError('forbidden', REJECTED);
    const origin = request.headers.origin;
    if (origin && !allowedOrigins(request, publicUrl).includes(origin)) {
      throw new AppError('forbidden', REJECTED);
    }
    const isJson = (request.headers['content-type'] ?? '').startsWith('application/json');
    if (!isJson && !request.headers[API_CLIENT_HEADER]) throw new AppError('forbidden', REJECTED);
  });
}
