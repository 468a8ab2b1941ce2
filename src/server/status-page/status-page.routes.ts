import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicStatusView } from '../../domain/public-status';
import { AttemptLimiter } from '../auth/attempt-limiter';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import type { RouteScopes } from '../http/route-scopes';
import {
  ESTIMATE_STALE,
  isEstimateAnswer,
  type AnswerOutcome,
  type EstimateAnswer,
} from '../../domain/estimate';
import { lookupHtml, notFoundHtml, statusPageHtml, tooManyHtml } from './status-page-html';

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
    answerEstimate,
    telegramLink,
  }: {
    db: Kysely<DB>;
    /** The ticket's link to the shop's Telegram bot, by its page's token; null when none. */
    telegramLink: (token: string) => Promise<string | null>;
    find: (token: string) => Promise<PublicStatusView | null>;
    /** The shop's time zone, read per view (an admin may change it). */
    timeZone: () => Promise<string>;
    clock: Clock;
    answerEstimate: (token: string, version: number, answer: EstimateAnswer) => Promise<AnswerOutcome>;
  },
) {
  const limiter = new AttemptLimiter(db, 'status-page', STATUS_PAGE_LIMIT, clock);

  type WithToken = FastifyRequest<{ Params: { token: string } }>;
  const answerPath = (token: string) => `/s/${encodeURIComponent(token)}/estimate`;

  /** The page's headers, and false once a client past the limit has had its 429. */
  async function admitted(request: WithToken, reply: FastifyReply): Promise<boolean> {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    const wait = await limiter.hit(clientKey(request.ip));
    if (wait <= 0) return true;
    await reply
      .code(429)
      .header('retry-after', String(Math.ceil(wait / 1000)))
      .send(tooManyHtml());
    return false;
  }

  async function render(token: string, reply: FastifyReply, code = 200, notice = '', confirmDecline = false) {
    const view = await find(token);
    if (!view) return reply.code(404).send(notFoundHtml());
    return reply.code(code).send(
      statusPageHtml(view, await timeZone(), {
        answerPath: answerPath(token),
        notice,
        confirmDecline,
        telegramLink: await telegramLink(token),
      }),
    );
  }

  const show = async (request: WithToken, reply: FastifyReply) => {
    if (!(await admitted(request, reply))) return reply;
    return render(request.params.token, reply);
  };
  open.get('/s/:token', show);
  // Messengers and people sometimes add a slash to a link they pass on.
  open.get('/s/:token/', show);

  // «Согласовать» / «Отказаться» (issue 50): a plain form post, then back to the page (so a
  // refresh does not post again). The parser is the root's, so the open /api routes parse form
  // bodies too; the API's same-origin guard still refuses any /api request that is neither JSON
  // nor from our client, so no cross-site form reaches them.
  open.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  open.post<{ Params: { token: string }; Body: unknown }>('/s/:token/estimate', async (request, reply) => {
    if (!(await admitted(request, reply))) return reply;
    const { token } = request.params;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const version = Number(form.version);
    if (!Number.isSafeInteger(version) || version < 1 || !isEstimateAnswer(form.answer)) {
      return render(token, reply, 400, ESTIMATE_UNREADABLE);
    }
    // A refusal is asked once more before it counts.
    if (form.answer === 'declined' && form.confirmed !== '1') {
      // Asked about the estimate on screen: one changed meanwhile is said so, as for «Согласовать».
      const shown = (await find(token))?.estimate?.version;
      if (shown !== undefined && shown !== version) return render(token, reply, 409, ESTIMATE_STALE);
      return render(token, reply, 200, '', true);
    }
    const outcome = await answerEstimate(token, version, form.answer);
    if (outcome === 'not_found') return reply.code(404).send(notFoundHtml());
    if (outcome === 'stale') return render(token, reply, 409, ESTIMATE_STALE);
    return reply
      .code(303)
      .header('location', `/s/${encodeURIComponent(token)}`)
      .send();
  });
}

/**
 * Lookups per address and hour: a client mistyping a few times is far below; four digits cannot
 * be walked through (10,000 pairs per ticket number).
 */
export const LOOKUP_LIMIT = { limit: 20, windowMs: 3_600_000 };
/** Lookups of one ticket number an hour, from any address: many addresses cannot share the guessing. */
export const LOOKUP_PER_TICKET = { limit: 30, windowMs: 3_600_000 };
export const LOOKUP_NOT_FOUND =
  'Заявка не найдена. Проверьте номер заявки и последние 4 цифры телефона, указанного в заявке.';

/**
 * «Узнать статус ремонта» (issue 54, linked from the receipt): the ticket's number and the last
 * four digits of the client's phone lead to its status page. Limited per address like the status
 * page itself, more tightly; a wrong number and wrong digits read the same.
 */
export function registerStatusLookupRoutes(
  { open }: RouteScopes,
  {
    db,
    clock,
    findToken,
  }: { db: Kysely<DB>; clock: Clock; findToken: (id: number, digits: string) => Promise<string | null> },
) {
  const limiter = new AttemptLimiter(db, 'status-lookup', LOOKUP_LIMIT, clock);
  const perTicket = new AttemptLimiter(db, 'status-lookup-ticket', LOOKUP_PER_TICKET, clock);
  const headers = (reply: FastifyReply) =>
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');

  open.get('/find', async (_request, reply) => headers(reply).send(lookupHtml({ number: '', digits: '' })));

  open.post<{ Body: unknown }>('/find', async (request, reply) => {
    headers(reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const number = String(form.number ?? '').slice(0, 20);
    const digits = String(form.digits ?? '').slice(0, 10);
    const id = Number(number.replace(/^\s*(№|#)?\s*/, '').trim());
    const lastFour = digits.replace(/\D/g, '');
    if (!Number.isSafeInteger(id) || id < 1 || lastFour.length !== 4) {
      return reply
        .code(400)
        .send(lookupHtml({ number, digits }, 'Введите номер заявки и 4 последние цифры телефона.'));
    }
    const wait = Math.max(await limiter.hit(clientKey(request.ip)), await perTicket.hit(String(id)));
    if (wait > 0) {
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send(tooManyHtml());
    }
    const token = await findToken(id, lastFour);
    if (!token) return reply.code(404).send(lookupHtml({ number, digits }, LOOKUP_NOT_FOUND));
    return reply
      .code(303)
      .header('location', `/s/${encodeURIComponent(token)}`)
      .send();
  });
}

const ESTIMATE_UNREADABLE = 'Не удалось прочитать ответ. Нажмите «Согласовать» или «Отказаться» ещё раз.';
