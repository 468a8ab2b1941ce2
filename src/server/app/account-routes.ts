import { registerAuthRoutes } from '../auth/auth.routes';
import { sendResetEmail } from '../auth/forgot-password';
import { registerPasswordsRoutes, type PasswordEmails } from '../auth/passwords.routes';
import type { RouteScopes } from '../http/route-scopes';
import { registerUsersRoutes } from '../users/users.routes';
import type { AppParts } from './app-parts';

/** Signing in and registering, the staff list, and password changes and resets. */
export function registerAccountRoutes(scopes: RouteScopes, parts: AppParts) {
  const { config } = parts.deps;
  const { auth, sessions, signInGuard, users, passwords } = parts.accounts;
  const { events } = parts.resources;
  registerAuthRoutes(scopes, {
    auth,
    sessions,
    guard: signInGuard,
    sessionMaxMs: config.sessionMaxMs,
    events,
  });
  registerUsersRoutes(scopes, { users, events, db: parts.deps.database.db });
  registerPasswordsRoutes(scopes, {
    passwords,
    publicUrl: config.publicUrl,
    guard: signInGuard,
    events,
    emails: resetEmails(parts),
  });
}

/** «Забыли пароль?» e-mails; none without SMTP settings. */
function resetEmails({ deps, clock, log, resources }: AppParts): PasswordEmails | undefined {
  const { mailer } = resources;
  const mail = deps.config.mail;
  if (!mailer || !mail) return undefined;
  return {
    send: (email) =>
      sendResetEmail(
        {
          db: deps.database.db,
          clock,
          mailer,
          log,
          appName: deps.config.appName,
          publicUrl: mail.publicUrl,
        },
        email,
      ),
  };
}
