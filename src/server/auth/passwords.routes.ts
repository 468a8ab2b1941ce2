import type { FastifyRequest } from 'fastify';
import { passwordChangeInput, passwordResetInput } from '../../domain/account-schemas';
import { resetPasswordLink } from '../../domain/routes';
import { sessionOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { USER_GONE_MESSAGE, type PasswordsService } from './passwords.service';

/** Where links point: PUBLIC_URL when set, else the address this request came to. */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerPasswordsRoutes(
  { open, staff, admins }: RouteScopes,
  { passwords, publicUrl }: { passwords: PasswordsService; publicUrl: string | undefined },
) {
  staff.put('/api/me/password', async (request, reply) => {
    const { currentPassword, newPassword } = parsePayload(passwordChangeInput, request.body);
    const session = sessionOf(request);
    await passwords.change(session.user.id, session.sessionId, currentPassword, newPassword);
    request.log.info({ userId: session.user.id }, 'password changed');
    return reply.status(204).send();
  });

  /** «Сбросить пароль»: a one-time link for the admin to pass on (copy, WhatsApp). */
  admins.post<{ Params: { id: string } }>('/api/employees/:id/password-reset', async (request) => {
    const id = parseId(request.params.id, USER_GONE_MESSAGE);
    const { token, expiresAt } = await passwords.createResetToken(id);
    request.log.info({ userId: id, by: sessionOf(request).user.id }, 'password reset link made');
    return { link: resetPasswordLink(originOf(request, publicUrl), token), expiresAt };
  });

  open.post('/api/auth/password-reset', async (request, reply) => {
    const { token, password } = parsePayload(passwordResetInput, request.body);
    await passwords.resetWithToken(token, password);
    request.log.info('password set from a one-time link');
    return reply.status(204).send();
  });
}
