import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicStatusView } from '../../domain/public-status';
import { AttemptLimiter } from '../auth/attempt-limiter';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import type { RouteScopes } from '../http/route-scopes';
import { notFoundHtml, statusPageHtml, tooManyHtml } from './status-page-html';

/** Page views per address and minute: a client refreshing is far below, a scan is cut off. */
export const STATUS_PAGE_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * Who is counted: an IPv4 address, or an IPv6 /64 — one household or phone gets a whole /64
 * and could otherwise walk through its addresses. (Behind a reverse proxy, set TRUST_PROXY so
 * clients are told apart; else they share one count.)
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const groups = ip.split('::')[0]!.split(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

export function registerStatusPageRoutes(
  { open }: RouteScopes,
  {
    find,
    timeZone,
    clock,
    db,
  }: {
    db: Kysely<DB>;
    find: (token: string) => Promise<PublicStatusView | null>;
    /** The shop's time zone, read per view (an admin may change it). */
    timeZone: () => Promise<string>;
    clock: Clock;
  },
) {
  const limiter = new AttemptLimiter(db, 'status-page', STATUS_PAGE_LIMIT, clock);

  const show = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    const wait = await limiter.hit(clientKey(request.ip));
    if (wait > 0) {
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send(tooManyHtml());
    }
    const view = await find(request.params.token);
    if (!view) return reply.code(404).send(notFoundHtml());
    return reply.send(statusPageHtml(view, await timeZone()));
  };
  open.get('/s/:token', show);
  // Messengers and people sometimes add a slash to a link they pass on.
  open.get('/s/:token/', show);
}
