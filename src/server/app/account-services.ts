import type { FastifyBaseLogger } from 'fastify';
import { createAuthService } from '../auth/auth.service';
import { createPasswordsService } from '../auth/passwords.service';
import { deleteUnusedResets } from '../auth/reset-links';
import { deleteSessionsOfUser } from '../auth/sessions.repository';
import { createSessionService } from '../auth/sessions.service';
import { DEFAULT_AUTH_LIMITS, SignInGuard } from '../auth/sign-in-guard';
import type { Clock } from '../clock';
import { deleteSessionSubscriptions } from '../push/push-subscriptions.repository';
import { createInviteCodeService } from '../settings/invite-code';
import { createUsersService } from '../users/users.service';
import type { AppDeps } from './app-deps';

export type AccountServices = ReturnType<typeof createAccountServices>;

/** Sessions, sign-in and its limits, registration by invite code, passwords, the staff list. */
export function createAccountServices(deps: AppDeps, clock: Clock, log: FastifyBaseLogger) {
  const { config, database } = deps;
  const sessions = createSessionService(
    database.db,
    clock,
    { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    { beforeEnd: deleteSessionSubscriptions },
  );
  const inviteCode = createInviteCodeService(database.db, config.inviteCode);
  const auth = createAuthService({ database, clock, sessions, inviteCode, log });
  const passwords = createPasswordsService({ database, clock, sessions });
  const signInGuard = new SignInGuard(
    database.db,
    deps.authLimits ?? DEFAULT_AUTH_LIMITS,
    clock,
    deps.authSleep,
  );
  const users = createUsersService({
    database,
    clock,
    endSessionsOf: deleteSessionsOfUser,
    dropResetLinksOf: deleteUnusedResets,
  });
  return { sessions, inviteCode, auth, passwords, signInGuard, users };
}
