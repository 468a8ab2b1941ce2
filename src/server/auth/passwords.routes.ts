import type { FastifyRequest } from 'fastify';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordInput,
  passwordChangeInput,
  passwordResetInput,
} from '../../domain/account-schemas';
import { AppError } from '../errors';
import { resetPasswordLink } from '../../domain/routes';
import { sessionOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import type { EventBus } from '../events/event-bus';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  USER_GONE_MESSAGE,
  type PasswordsService,
} from './passwords.service';
import type { SignInGuard } from './sign-in-guard';

export const NO_MAIL_MESSAGE =
  'Восстановление пароля по почте не настроено. Попросите владельца выдать ссылку для нового пароля';

/** Where links point: PUBLIC_URL when set, else the address this request came to. */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export interface PasswordEmails {
  /** Mails a link to PUBLIC_URL to an active account with this address, if there is one. */
  send(email: string): Promise<void>;
}

export function registerPasswordsRoutes(
  { open, staff, owners }: RouteScopes,
  {
    passwords,
    publicUrl,
    emails,
    guard,
    events,
  }: {
    passwords: PasswordsService;
    publicUrl: string | undefined;
    /** Absent without SMTP_URL: «Забыли пароль?» then sends people to an admin. */
    emails: PasswordEmails | undefined;
    guard: Pick<SignInGuard, 'registrationAttempt' | 'beforeSignIn' | 'signInFailed'>;
    events: EventBus;
  },
) {
  staff.put('/api/me/password', async (request, reply) => {
    const { currentPassword, newPassword } = parsePayload(passwordChangeInput, request.body);
    const session = sessionOf(request);
    const email = session.user.email.toLowerCase();
    // Guessing the current password from an open session counts like failed sign-ins.
    await guard.beforeSignIn(request.ip, email);
    try {
      await passwords.change(session.user.id, session.sessionId, currentPassword, newPassword);
    } catch (error) {
      if (error instanceof AppError && error.message === CURRENT_PASSWORD_WRONG_MESSAGE) {
        await guard.signInFailed(request.ip, email);
      }
      throw error;
    }
    // The ended sessions' live streams close at once.
    events.publish({ entity: 'user', id: session.user.id, op: 'update' });
    request.log.info({ userId: session.user.id }, 'password changed');
    return reply.status(204).send();
  });

  /** «Сбросить пароль»: a one-time link for the admin to pass on (copy, WhatsApp). */
  owners.post<{ Params: { id: string } }>('/api/employees/:id/password-reset', async (request) => {
    const id = parseId(request.params.id, USER_GONE_MESSAGE);
    const { token, expiresAt } = await passwords.createResetToken(id);
    request.log.info({ userId: id, by: sessionOf(request).user.id }, 'password reset link made');
    return { link: resetPasswordLink(originOf(request, publicUrl), token), expiresAt };
  });

  open.post('/api/auth/forgot-password', async (request, reply) => {
    if (!emails) throw new AppError('conflict', NO_MAIL_MESSAGE);
    // Counted with registrations: per address of the sender, not per e-mail typed.
    await guard.registrationAttempt(request.ip);
    const { email } = parsePayload(forgotPasswordInput, request.body);
    // After the answer is on its way: its timing tells nothing about the address.
    setImmediate(() => {
      emails
        .send(email)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'));
    });
    return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
  });

  open.post('/api/auth/password-reset', async (request, reply) => {
    const { token, password } = parsePayload(passwordResetInput, request.body);
    const userId = await passwords.resetWithToken(token, password);
    events.publish({ entity: 'user', id: userId, op: 'update' });
    request.log.info({ userId }, 'password set from a one-time link');
    return reply.status(204).send();
  });
}
