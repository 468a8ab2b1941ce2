import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../domain/roles';
import type { SessionUserDto, UserDto } from '../../domain/users';
import { AppError } from '../errors';

/** The cookie that carries the session token (set by auth/ at sign-in). */
export const SESSION_COOKIE = 'glz_session';

/** A signed-in request's session and its user, as auth/ resolves them. */
export interface CurrentSession {
  sessionId: number;
  user: UserDto;
  /** What the user's role allows, read with the session: a change applies to the next request. */
  permissions: Permission[];
}

/** Who a session token belongs to, if anyone; provided by auth/. */
export interface SessionResolver {
  resolve(token: string): Promise<CurrentSession | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: CurrentSession | null;
  }
}

/** Resolves the session cookie once per API request. */
export function registerCurrentUser(app: FastifyInstance, sessions: SessionResolver) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await sessions.resolve(token) : null;
  });
}

/**
 * The session of a request in the signed-in or admin scope (http/route-scopes.ts),
 * whose hook has already refused everyone else.
 */
export function sessionOf(request: FastifyRequest): CurrentSession {
  // Only reachable for a route registered outside the staff scope by mistake: fail closed.
  if (!request.session) throw new AppError('unauthorized', 'Требуется вход в систему');
  return request.session;
}

/** The signed-in person as the browser is told: with what their role allows. */
export function sessionUserOf(session: CurrentSession): SessionUserDto {
  return { ...session.user, permissions: session.permissions };
}

export function userOf(request: FastifyRequest): UserDto {
  return sessionOf(request).user;
}
