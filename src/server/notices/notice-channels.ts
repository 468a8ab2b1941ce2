import type { Kysely } from 'kysely';
import type { ChannelsReady } from '../../domain/client-notices';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { createSmsRu, type SmsGateway } from './channels/sms-ru';
import { createTelegramBot, type TelegramBot } from './channels/telegram';
import { readNoticeSecrets } from './notice-settings';

/** Where each channel's API is: the public services, or local stand-ins in tests. */
export interface ChannelEndpoints {
  smsRuUrl?: string;
  telegramUrl?: string;
  timeoutMs?: number;
}

export interface Channels {
  ready: ChannelsReady;
  sms: SmsGateway | null;
  telegram: TelegramBot | null;
  /** The bot's own id (its token's first part): updates are numbered per bot. */
  telegramBotId: string | null;
  mailer: Mailer | null;
}

/**
 * The channels as «Настройки» has them now: read on each use, so a key saved or cleared applies
 * to the next message on every instance.
 */
export function createChannelSource(
  db: Kysely<DB>,
  options: { endpoints: ChannelEndpoints; mailer: Mailer | null; smsSender: () => Promise<string> },
) {
  return async function channels(): Promise<Channels> {
    const secrets = await readNoticeSecrets(db);
    const { endpoints } = options;
    const sms = secrets.smsApiId
      ? createSmsRu({
          apiId: secrets.smsApiId,
          sender: await options.smsSender(),
          baseUrl: endpoints.smsRuUrl,
          timeoutMs: endpoints.timeoutMs,
        })
      : null;
    const telegram = secrets.telegramToken
      ? createTelegramBot({
          token: secrets.telegramToken,
          baseUrl: endpoints.telegramUrl,
          timeoutMs: endpoints.timeoutMs,
        })
      : null;
    return {
      ready: { sms: sms !== null, telegram: telegram !== null, email: options.mailer !== null },
      sms,
      telegram,
      telegramBotId: secrets.telegramToken ? (secrets.telegramToken.split(':')[0] ?? null) : null,
      mailer: options.mailer,
    };
  };
}
export type ChannelSource = ReturnType<typeof createChannelSource>;
