import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserDto } from '../../domain/users';
import { SESSION_COOKIE } from '../auth/session-token';
import type { CurrentSession, SessionService } from '../auth/sessions.service';
import { AppError } from '../errors';
import { ADMINS_ONLY_MESSAGE } from '../users/users.service';

declare module 'fastify' {
  interface FastifyRequest {
    session: CurrentSession | null;
  }
}

/** Resolves the session cookie once per API request. */
export function registerCurrentUser(app: FastifyInstance, sessions: SessionService) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await sessions.resolve(token) : null;
  });
}

export function requireSession(request: FastifyRequest): CurrentSession {
  if (!request.session) throw new AppError('unauthorized', 'Требуется вход в систему');
  return request.session;
}

export function requireUser(request: FastifyRequest): UserDto {
  return requireSession(request).user;
}

export function requireAdmin(request: FastifyRequest): UserDto {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError('forbidden', ADMINS_ONLY_MESSAGE);
  return user;
}
