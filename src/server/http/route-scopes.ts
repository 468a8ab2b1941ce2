import type { FastifyInstance } from 'fastify';
import {
  OWNER,
  OWNER_ONLY_MESSAGE,
  PERMISSIONS,
  missingPermissionMessage,
  type Permission,
} from '../../domain/roles';
import { AppError } from '../errors';

export const SIGN_IN_REQUIRED_MESSAGE = 'Требуется вход в систему';

/**
 * Where a route is registered says who may call it; no handler checks it again.
 * The authorization test (http/authorization.test.ts) lists every route's scope.
 */
export interface RouteScopes {
  /** Anyone: signing in, registering, the public config and manifest. */
  open: FastifyInstance;
  /** Signed-in staff with an enabled account (any role). */
  staff: FastifyInstance;
  /** Staff whose role has this permission now (issue 52); the owner has every one. */
  permitted: (permission: Permission) => FastifyInstance;
  /** The owner only: people, roles and what only the owner may undo. */
  owners: FastifyInstance;
}

/**
 * Builds the scopes and hands them to `register`. The checks run as soon as a request
 * arrives (onRequest, after the session and its role's permissions are resolved), before
 * its body is read.
 */
export async function registerRouteScopes(app: FastifyInstance, register: (scopes: RouteScopes) => void) {
  await app.register(async (staff) => {
    staff.addHook('onRequest', async (request) => {
      if (!request.session) throw new AppError('unauthorized', SIGN_IN_REQUIRED_MESSAGE);
    });
    const byPermission = new Map<Permission, FastifyInstance>();
    for (const permission of PERMISSIONS) {
      await staff.register(async (scope) => {
        scope.addHook('onRequest', async (request) => {
          if (!request.session?.permissions.includes(permission)) {
            throw new AppError('forbidden', missingPermissionMessage(permission));
          }
        });
        byPermission.set(permission, scope);
      });
    }
    await staff.register(async (owners) => {
      owners.addHook('onRequest', async (request) => {
        if (request.session?.user.role !== OWNER) throw new AppError('forbidden', OWNER_ONLY_MESSAGE);
      });
      const permitted = (permission: Permission) => {
        const scope = byPermission.get(permission);
        if (!scope) throw new Error(`no route scope for ${permission}`);
        return scope;
      };
      register({ open: app, staff, permitted, owners });
    });
  });
}
