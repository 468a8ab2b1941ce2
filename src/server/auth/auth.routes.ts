import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../events/event-bus';
import { loginInput, registerInput } from '../../domain/account-schemas';
import { AppError } from '../errors';
import { requireUser } from '../http/current-user';
import { parsePayload } from '../http/parse';
import type { AttemptLimiter } from './attempt-limiter';
import type { AuthService } from './auth.service';
import { SESSION_COOKIE } from './session-token';
import type { SessionService } from './sessions.service';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Слишком много попыток, попробуйте позже';

export interface AuthLimiters {
  perIp: AttemptLimiter;
  perEmail: AttemptLimiter;
}

interface Deps {
  events: EventBus;
  auth: AuthService;
  sessions: SessionService;
  limiters: AuthLimiters;
  sessionMaxMs: number;
}

function throttle(limiter: AttemptLimiter, key: string) {
  const waitMs = limiter.hit(key);
  if (waitMs > 0) {
    throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS_MESSAGE, {
      headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    });
  }
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, sessions, limiters, sessionMaxMs, events }: Deps,
) {
  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: Math.floor(sessionMaxMs / 1000),
    });
  }

  /** Rate-limits by IP before anything else, then by the e-mail being tried. */
  function parseThrottled<T extends { email: string }>(request: FastifyRequest, parse: () => T): T {
    throttle(limiters.perIp, request.ip);
    const input = parse();
    throttle(limiters.perEmail, input.email.toLowerCase());
    return input;
  }

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseThrottled(request, () => parsePayload(registerInput, request.body));
    try {
      const { user, token } = await auth.register(input);
      events.publish({ entity: 'user', id: user.id, op: 'create' });
      setSessionCookie(request, reply, token);
      return reply.status(201).send({ user });
    } catch (error) {
      request.log.warn({ email: input.email, reason: (error as Error).message }, 'registration refused');
      throw error;
    }
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parseThrottled(request, () => parsePayload(loginInput, request.body));
    try {
      const { user, token } = await auth.login(input);
      request.log.info({ email: input.email, userId: user.id }, 'login succeeded');
      setSessionCookie(request, reply, token);
      return { user };
    } catch (error) {
      request.log.warn({ email: input.email, reason: (error as Error).message }, 'login failed');
      throw error;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    if (request.session) {
      await sessions.end(request.session.sessionId);
      request.log.info({ userId: request.session.user.id }, 'logout');
      // Lets this session's open event streams notice they are signed out.
      events.publish({ entity: 'user', id: request.session.user.id, op: 'update' });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/me', async (request) => ({ user: requireUser(request) }));
}
