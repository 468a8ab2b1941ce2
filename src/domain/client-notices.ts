import { todayIn } from './due-marks';
import { addDays } from './calendar-date';
import { DEFAULT_TEMPLATES, estimateTemplate, templateFor, type MessageTemplates } from './message-templates';
import { offsetMs } from './status-limits';
import { z } from './zod-ru';

// Messages that leave by themselves (issue 54): an event on a ticket sends its template to the
// client over SMS, Telegram or e-mail, with a log on the ticket.

/** The events that send a message, in the order «Настройки» lists them. */
export const NOTICE_EVENTS = ['accepted', 'estimate', 'ready', 'payment', 'not_picked_up'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

export const NOTICE_EVENT_LABELS: Record<NoticeEvent, string> = {
  accepted: 'Заявка принята',
  estimate: 'Смета готова',
  ready: '«Готов к выдаче» / «Оповестить клиента»',
  payment: 'Оплата получена',
  not_picked_up: 'Не забирает устройство',
};

export const NOTICE_CHANNELS = ['telegram', 'email', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  telegram: 'Telegram',
  email: 'E-mail',
  sms: 'SMS',
};

/** What a rule sends on: nothing, the client's way (`auto`), or one channel only. */
export const RULE_CHOICES = ['off', 'auto', ...NOTICE_CHANNELS] as const;
export type RuleChoice = (typeof RULE_CHOICES)[number];

export const RULE_CHOICE_LABELS: Record<RuleChoice, string> = {
  off: 'Не отправлять',
  auto: 'Как удобно клиенту',
  telegram: 'Только Telegram',
  email: 'Только e-mail',
  sms: 'Только SMS',
};

/** The shop's rules: stored as text fields, saved as a whole with a version (versioned-setting). */
export type NoticeSettings = Record<NoticeEvent, RuleChoice> & {
  notPickedUpDays: string;
  quietFrom: string;
  quietTo: string;
  smsDailyCap: string;
  smsSender: string;
};

/**
 * Nothing is sent until a channel is set up; then the repair's milestones go the client's way.
 * A payment at the counter needs no message, so it is off until the owner turns it on.
 */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = {
  accepted: 'auto',
  estimate: 'auto',
  ready: 'auto',
  payment: 'off',
  not_picked_up: 'auto',
  notPickedUpDays: '3',
  quietFrom: '21:00',
  quietTo: '09:00',
  smsDailyCap: '100',
  smsSender: '',
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const noticeSettingsInput = z.object({
  version: z.number().int().positive(),
  accepted: z.enum(RULE_CHOICES),
  estimate: z.enum(RULE_CHOICES),
  ready: z.enum(RULE_CHOICES),
  payment: z.enum(RULE_CHOICES),
  not_picked_up: z.enum(RULE_CHOICES),
  notPickedUpDays: z.string().regex(/^([1-9]|[1-5]\d|60)$/, { error: 'Дней без выдачи: от 1 до 60' }),
  quietFrom: z.string().regex(TIME, { error: 'Время начала тихих часов: ЧЧ:ММ, например 21:00' }),
  quietTo: z.string().regex(TIME, { error: 'Время конца тихих часов: ЧЧ:ММ, например 09:00' }),
  smsDailyCap: z.string().regex(/^[1-9]\d{0,4}$/, {
    error: 'Лимит SMS в день: число от 1 до 99999 (чтобы не слать SMS, выберите другие каналы)',
  }),
  // sms.ru takes a sender name agreed with it: Latin letters, digits, a few signs, up to 11.
  smsSender: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ._-]{0,11}$/, { error: 'Имя отправителя SMS: до 11 латинских букв и цифр' }),
});

/** Secrets, written only: once saved, they are never shown again (a blank field keeps the old). */
export const noticeSecretsInput = z.object({
  smsApiId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{0,64}$/, { error: 'Ключ API SMS.ru: латинские буквы, цифры и дефисы' })
    .optional(),
  telegramToken: z
    .string()
    .trim()
    .regex(/^(\d{5,12}:[A-Za-z0-9_-]{30,50})?$/, {
      error: 'Токен бота Telegram выглядит как 123456789:AA… — его выдаёт @BotFather',
    })
    .optional(),
  /** Forget a channel's secret. */
  clear: z.array(z.enum(['sms', 'telegram'])).optional(),
});

/** Which channels the shop has set up. */
export interface ChannelsReady {
  sms: boolean;
  telegram: boolean;
  email: boolean;
}

/** What a client allows and has. */
export interface NoticeClient {
  noMessages: boolean;
  preferred: NoticeChannel | null;
  phone: string;
  email: string | null;
  telegramChatId: string | null;
}

/** Whether the client can be reached on a channel the shop has set up. */
export function reachable(channel: NoticeChannel, client: NoticeClient, ready: ChannelsReady): boolean {
  if (!ready[channel]) return false;
  if (channel === 'telegram') return Boolean(client.telegramChatId);
  if (channel === 'email') return Boolean(client.email);
  return client.phone.replace(/\D/g, '').length >= 10;
}

/**
 * The channel a message goes on, or why none: a rule naming one channel uses only it; `auto`
 * takes the client's choice if it can, else the free ones first (Telegram, e-mail), SMS last.
 * null with no reason: the rule is off or no channel is set up — nothing to log.
 */
export function pickChannel(
  choice: RuleChoice,
  client: NoticeClient,
  ready: ChannelsReady,
): { channel: NoticeChannel } | { skipped: string } | null {
  if (choice === 'off') return null;
  const candidates: NoticeChannel[] = choice === 'auto' ? [...NOTICE_CHANNELS] : [choice];
  if (!candidates.some((channel) => ready[channel])) return null;
  if (client.noMessages) return { skipped: 'Клиент просил не писать ему' };
  if (choice === 'auto' && client.preferred && reachable(client.preferred, client, ready)) {
    return { channel: client.preferred };
  }
  const found = candidates.find((channel) => reachable(channel, client, ready));
  if (found) return { channel: found };
  return { skipped: choice === 'auto' ? 'Нет способа связаться с клиентом' : NO_CONTACT[choice] };
}

const NO_CONTACT: Record<NoticeChannel, string> = {
  telegram: 'Клиент не подключил Telegram',
  email: 'У клиента нет e-mail',
  sms: 'У клиента нет номера телефона',
};

const minutesOf = (time: string) => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
};

/** The instant a wall-clock time of a date is in the zone (re-guessed across an offset change). */
function instantAt(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let guess = wall - offsetMs(timeZone, wall);
  guess = wall - offsetMs(timeZone, guess);
  return new Date(guess);
}

/**
 * When a message due `now` may go: now, or — inside the quiet hours in the shop's zone — at
 * their end. Quiet hours may cross midnight (21:00–09:00); equal ends mean none.
 */
export function sendableAt(now: Date, timeZone: string, quiet: { from: string; to: string }): Date {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return now;
  const today = todayIn(timeZone, now);
  const minute = Math.floor((now.getTime() - instantAt(today, 0, timeZone).getTime()) / 60_000);
  const quietNow = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!quietNow) return now;
  return instantAt(minute < to ? today : addDays(today, 1), to, timeZone);
}

/** Parts an SMS is billed as: 70 Cyrillic characters in one, 67 each when split (UCS-2). */
export function smsParts(text: string): number {
  // eslint-disable-next-line no-control-regex -- the GSM 7-bit range, not a control character check
  const gsm = /^[\x0A\x0D\x20-\x7E]*$/.test(text);
  const length = [...text].length;
  const [single, split] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / split);
}

/** Where a message is. */
export const MESSAGE_STATES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: 'В очереди',
  sent: 'Отправлено',
  delivered: 'Доставлено',
  failed: 'Не доставлено',
  skipped: 'Не отправлено',
};

/** One message in a ticket's log. */
export interface ClientMessageDto {
  id: number;
  event: NoticeEvent | 'test';
  channel: NoticeChannel | null;
  /** Where it went: a masked phone, an address, «Telegram». */
  recipient: string;
  text: string;
  state: MessageState;
  /** Why it failed or waits, in Russian; '' when there is nothing to say. */
  reason: string;
  /** When it goes (queued) or went. */
  sendAt: string;
  createdAt: string;
  deliveredAt: string | null;
  tries: number;
}

/** How a client wants automatic messages: any way that reaches them, one channel, or none. */
export const MESSAGE_PREFS = ['auto', ...NOTICE_CHANNELS, 'none'] as const;
export type MessagePref = (typeof MESSAGE_PREFS)[number];

export const MESSAGE_PREF_LABELS: Record<MessagePref, string> = {
  auto: 'Как удобнее: Telegram, e-mail, SMS',
  telegram: 'Telegram',
  email: 'E-mail',
  sms: 'SMS',
  none: 'Не писать',
};

export function messagePrefLabel(value: string): string {
  return (MESSAGE_PREFS as readonly string[]).includes(value)
    ? MESSAGE_PREF_LABELS[value as MessagePref]
    : value;
}

/** The e-mail field of a client: empty, or an address. */
export const clientEmail = z
  .string()
  .trim()
  .max(254, { error: 'E-mail слишком длинный' })
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    error: 'Проверьте e-mail: нужен адрес вида name@example.ru',
  });

/** The lookup form on the public page: a ticket number and the phone's last four digits. */
export const lookupInput = z.object({
  number: z.string().trim().max(20),
  digits: z.string().trim().max(10),
});

/** The template an event sends: the admin's text for it, else the built-in one. */
export function noticeTemplate(templates: MessageTemplates, event: NoticeEvent, status: string): string {
  if (event === 'accepted') return templateFor(templates, 'new');
  if (event === 'estimate') return estimateTemplate(templates);
  if (event === 'ready') return templateFor(templates, status);
  const own = templates[event];
  return own.trim() ? own : DEFAULT_TEMPLATES[event];
}

/**
 * The step that tells the client the device can go home: «Готов к выдаче» for a walk-in (its
 * «Оповестить клиента» comes after and says nothing new), «Оповестить клиента» for a parcel.
 */
export function isReadyStatus(status: string, intake: string): boolean {
  return status === (intake === 'walk_in' ? 'repair_done' : 'notify_client');
}
