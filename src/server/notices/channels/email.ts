import type { Mailer } from '../../mail/mailer';
import type { SendOutcome } from './channel';

/**
 * A message by e-mail through the shop's SMTP server (SMTP_URL). A 5xx answer refuses this
 * address for good; anything else (no connection, a 4xx «try later») is worth another try.
 */
export async function sendEmail(
  mailer: Mailer,
  to: string,
  subject: string,
  text: string,
): Promise<SendOutcome> {
  try {
    await mailer.send({ to, subject, text });
    return { kind: 'sent' };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500) {
      return { kind: 'failed', reason: `Почтовый сервер не принял письмо (код ${code})` };
    }
    return {
      kind: 'retry',
      reason:
        code === undefined ? 'Почтовый сервер недоступен' : `Почтовый сервер просит подождать (код ${code})`,
    };
  }
}
