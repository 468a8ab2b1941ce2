import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

export const SIGN_IN_REQUIRED_MESSAGE = 'Требуется вход в систему';
export const ADMINS_ONLY_MESSAGE = 'Доступно только администраторам';

/**
 * Where a route is registered says who may call it; no handler checks it again.
 * The authorization test (http/authorization.test.ts) lists every route's scope.
 */
export interface RouteScopes {
  /** Anyone: signing in, registering, the public config and manifest. */
  open: FastifyInstance;
  /** Signed-in staff with an enabled account (any role). */
  staff: FastifyInstance;
  /** Admins only. */
  admins: FastifyInstance;
}

/**
 * Builds the scopes and hands them to `register`. The checks run as soon as a request
 * arrives (onRequest, after the session is resolved), before its body is read.
 */
export async function registerRouteScopes(app: FastifyInstance, register: (scopes: RouteScopes) => void) {
  await app.register(async (staff) => {
    staff.addHook('onRequest', async (request) => {
      if (!request.session) throw new AppError('unauthorized', SIGN_IN_REQUIRED_MESSAGE);
    });
    await staff.register(async (admins) => {
      admins.addHook('onRequest', async (request) => {
        if (request.session?.user.role !== 'admin') throw new AppError('forbidden', ADMINS_ONLY_MESSAGE);
      });
      register({ open: app, staff, admins });
    });
  });
}
