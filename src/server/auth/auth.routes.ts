import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../events/event-bus';
import { loginInput, registerInput } from '../../domain/account-schemas';
import { AppError } from '../errors';
import { SESSION_COOKIE, sessionOf, sessionUserOf } from '../http/current-user';
import type { UserDto } from '../../domain/users';
import type { RouteScopes } from '../http/route-scopes';
import { parsePayload } from '../http/parse';
import type { AuthService } from './auth.service';
import type { SignInGuard } from './sign-in-guard';
import type { SessionService } from './sessions.service';

interface Deps {
  events: EventBus;
  auth: AuthService;
  sessions: SessionService;
  guard: SignInGuard;
  sessionMaxMs: number;
}

export function registerAuthRoutes(
  { open, staff }: RouteScopes,
  { auth, sessions, guard, sessionMaxMs, events }: Deps,
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

  /** The new session's person with their role's permissions, as /api/me would say. */
  async function signedIn(user: UserDto, token: string) {
    const session = await sessions.resolve(token);
    return session ? sessionUserOf(session) : { ...user, permissions: [] };
  }

  /** Whether no account exists yet: /register then says the first one becomes the administrator. */
  open.get('/api/auth/first-run', async () => ({ firstRun: await auth.noAccountYet() }));

  open.post('/api/auth/register', async (request, reply) => {
    await guard.registrationAttempt(request.ip);
    const input = parsePayload(registerInput, request.body);
    try {
      const { user, token } = await auth.register(input);
      events.publish({ entity: 'user', id: user.id, op: 'create' });
      setSessionCookie(request, reply, token);
      return reply.status(201).send({ user: await signedIn(user, token) });
    } catch (error) {
      request.log.warn({ email: input.email, reason: (error as Error).message }, 'registration refused');
      throw error;
    }
  });

  open.post('/api/auth/login', async (request, reply) => {
    const input = parsePayload(loginInput, request.body);
    const email = input.email.toLowerCase();
    await guard.beforeSignIn(request.ip, email);
    try {
      const { user, token } = await auth.login(input);
      await guard.signInSucceeded(request.ip, email);
      request.log.info({ email: input.email, userId: user.id }, 'login succeeded');
      setSessionCookie(request, reply, token);
      return { user: await signedIn(user, token) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') {
        await guard.signInFailed(request.ip, email);
      }
      request.log.warn({ email: input.email, reason: (error as Error).message }, 'login failed');
      throw error;
    }
  });

  open.post('/api/auth/logout', async (request, reply) => {
    if (request.session) {
      await sessions.end(request.session.sessionId);
      request.log.info({ userId: request.session.user.id }, 'logout');
      // Lets this session's open event streams notice they are signed out.
      events.publish({ entity: 'user', id: request.session.user.id, op: 'update' });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  staff.get('/api/me', async (request) => ({ user: sessionUserOf(sessionOf(request)) }));
}
