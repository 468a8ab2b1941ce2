import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addressName } from '../../domain/client-message';
import { resetPasswordLink } from '../../domain/routes';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { createResetToken } from './reset-links';

/** One e-mail per address in this time at most, however often the form is sent. */
export const FORGOT_PASSWORD_COOLDOWN_MS = 2 * 60_000;

/**
 * «Забыли пароль?»: e-mails a one-time link to an active account with this address.
 * The caller answers the same whether or not the address exists, and does not wait
 * for this: neither the answer nor its timing tells who has an account.
 */
export async function sendResetEmail(
  deps: {
    db: Kysely<DB>;
    clock: Clock;
    mailer: Mailer;
    log: FastifyBaseLogger;
    appName: string;
    /** The only origin a mailed link may have (never a request's Host header). */
    publicUrl: string;
  },
  email: string,
): Promise<void> {
  const { db, clock, mailer, log, appName, publicUrl } = deps;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('email_lower', '=', email.trim().toLowerCase())
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!user) return;
  const now = clock.now();
  const recent = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', user.id)
    .where('via', '=', 'email')
    .where('created_at', '>', new Date(now.getTime() - FORGOT_PASSWORD_COOLDOWN_MS).toISOString())
    .executeTakeFirst();
  if (recent) return;
  const { token } = await createResetToken(db, now, user.id, 'email');
  await mailer.send({
    to: user.email,
    subject: `Новый пароль — ${appName}`,
    text: [
      `Здравствуйте, ${addressName(user.display_name)}!`,
      '',
      `Чтобы задать новый пароль в ${appName}, откройте ссылку (она работает один раз, 24 часа):`,
      resetPasswordLink(publicUrl, token),
      '',
      'Если вы не просили сменить пароль, просто не открывайте её: старый пароль продолжит работать.',
    ].join('\n'),
  });
  log.info({ userId: user.id }, 'password reset e-mail sent');
}
