import type { PublicStatusView } from '../../domain/public-status';
import { AttemptLimiter } from '../auth/attempt-limiter';
import type { Clock } from '../clock';
import type { RouteScopes } from '../http/route-scopes';
import { notFoundHtml, statusPageHtml, tooManyHtml } from './status-page-html';

/** Page views per address and minute: a client refreshing is far below, a scan is cut off. */
export const STATUS_PAGE_LIMIT = { limit: 60, windowMs: 60_000 };

export function registerStatusPageRoutes(
  { open }: RouteScopes,
  { find, clock }: { find: (token: string) => Promise<PublicStatusView | null>; clock: Clock },
) {
  const limiter = new AttemptLimiter(STATUS_PAGE_LIMIT, clock);

  open.get<{ Params: { token: string } }>('/s/:token', async (request, reply) => {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    const wait = limiter.hit(request.ip);
    if (wait > 0) {
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send(tooManyHtml());
    }
    const view = await find(request.params.token);
    if (!view) return reply.code(404).send(notFoundHtml());
    return reply.send(statusPageHtml(view));
  });
}
