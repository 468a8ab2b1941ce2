import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTICE_SETTINGS,
  NOTICE_EVENTS,
  RULE_CHOICES,
  type NoticeSettings,
  type RuleChoice,
} from '../../domain/client-notices';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting, type VersionedValues } from '../settings/versioned-setting';
import { readSetting, writeSetting } from '../settings/settings.repository';

export const STALE_NOTICE_SETTINGS = 'Правила сообщений уже изменил другой сотрудник';

/** The rules of automatic messages (issue 54): one versioned value, the defaults until saved. */
export function createNoticeSettings(db: Kysely<DB>, clock: Clock) {
  const store = createVersionedSetting({
    db,
    clock,
    key: 'notice_settings',
    defaults: DEFAULT_NOTICE_SETTINGS,
    staleMessage: STALE_NOTICE_SETTINGS,
    conflictKey: 'settings',
  });
  return {
    ...store,
    /** The stored value with a choice it does not know (written by hand) read as the default. */
    async get(): Promise<VersionedValues<keyof NoticeSettings> & NoticeSettings> {
      const stored = await store.get();
      const rules = {} as Record<(typeof NOTICE_EVENTS)[number], RuleChoice>;
      for (const event of NOTICE_EVENTS) {
        const value = stored[event];
        rules[event] = (RULE_CHOICES as readonly string[]).includes(value)
          ? (value as RuleChoice)
          : DEFAULT_NOTICE_SETTINGS[event];
      }
      return { ...stored, ...rules };
    },
  };
}
export type NoticeSettingsStore = ReturnType<typeof createNoticeSettings>;

const SECRETS_KEY = 'notice_secrets';

/** The channels' secrets: written from «Настройки», read by the server only, never sent back. */
export interface NoticeSecrets {
  smsApiId: string;
  telegramToken: string;
  /** The bot's @name as Telegram gave it for this token (not a secret: links show it). */
  telegramBot: string;
}

export async function readNoticeSecrets(db: Kysely<DB>): Promise<NoticeSecrets> {
  const empty = { smsApiId: '', telegramToken: '', telegramBot: '' };
  const raw = await readSetting(db, SECRETS_KEY);
  if (!raw) return empty;
  try {
    const value = JSON.parse(raw) as Partial<NoticeSecrets>;
    return {
      smsApiId: typeof value.smsApiId === 'string' ? value.smsApiId : '',
      telegramToken: typeof value.telegramToken === 'string' ? value.telegramToken : '',
      telegramBot: typeof value.telegramBot === 'string' ? value.telegramBot : '',
    };
  } catch {
    return empty;
  }
}

/** Sets the secrets given (a blank one keeps what is stored) and clears those named. */
export async function saveNoticeSecrets(
  db: Kysely<DB>,
  input: {
    smsApiId?: string;
    telegramToken?: string;
    telegramBot?: string;
    clear?: readonly ('sms' | 'telegram')[];
  },
): Promise<NoticeSecrets> {
  const secrets = await readNoticeSecrets(db);
  if (input.smsApiId) secrets.smsApiId = input.smsApiId;
  if (input.telegramToken && input.telegramToken !== secrets.telegramToken) {
    secrets.telegramToken = input.telegramToken;
    secrets.telegramBot = '';
  }
  if (input.telegramBot !== undefined) secrets.telegramBot = input.telegramBot;
  if (input.clear?.includes('sms')) secrets.smsApiId = '';
  if (input.clear?.includes('telegram')) {
    secrets.telegramToken = '';
    secrets.telegramBot = '';
  }
  await writeSetting(db, SECRETS_KEY, JSON.stringify(secrets));
  return secrets;
}
