import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import {
  MESSAGE_STATES,
  NOTICE_EVENTS,
  NOTICE_CHANNELS,
  type ClientMessageDto,
  type MessageState,
  type NoticeChannel,
  type NoticeEvent,
} from '../../domain/client-notices';
import { todayIn } from '../../domain/due-marks';
import { startOfDayIn } from '../../domain/status-limits';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { createWorkRules } from '../settings/work-rules';
import type { CheckOutcome } from './channels/channel';
import { sendEmail } from './channels/email';
import { createChannelSource, type ChannelEndpoints } from './notice-channels';
import { createNoticeDispatcher } from './notice-dispatcher';
import { queueNotice, type NoticeQueueDeps } from './notice-queue';
import { queueNotPickedUp } from './not-picked-up';
import { createNoticeSettings, readNoticeSecrets, saveNoticeSecrets } from './notice-settings';
import { createTelegramPoller } from './telegram-poller';

/** How many messages a ticket's log shows, newest first: years of a ticket fit in far fewer. */
const LOG_LIMIT = 100;
/** How often devices waiting to be picked up are looked for: a reminder a few hours late is fine. */
const REMIND_EVERY_MS = 3_600_000;

export interface ClientNoticesDeps {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer | null;
  endpoints: ChannelEndpoints;
  publicUrl: string | undefined;
  appName: string;
  /** A ticket's log or a client's Telegram changed: open screens refresh. */
  changed: (entity: 'ticket' | 'client', id: number) => void;
  sendDelaysMs?: readonly number[];
  checkDelaysMs?: readonly number[];
  /** Timers off: a test ticks and polls by hand. */
  manual?: boolean;
}

/** Automatic messages to clients (issue 54): rules, queue, sending, the Telegram bot, the log. */
export function createClientNotices(deps: ClientNoticesDeps) {
  const { db, clock } = deps;
  const settings = createNoticeSettings(db, clock);
  const channels = createChannelSource(db, {
    endpoints: deps.endpoints,
    mailer: deps.mailer,
    smsSender: async () => (await settings.get()).smsSender,
  });
  const dispatcher = createNoticeDispatcher({
    db,
    clock,
    log: deps.log,
    channels,
    settings,
    appName: deps.appName,
    onChange: (ticketId) => deps.changed('ticket', ticketId),
    sendDelaysMs: deps.sendDelaysMs,
    checkDelaysMs: deps.checkDelaysMs,
    sweep: !deps.manual,
  });
  const poller = createTelegramPoller({
    db,
    clock,
    log: deps.log,
    channels,
    onClientChange: (clientId) => deps.changed('client', clientId),
  });
  const remind = () =>
    queueNotPickedUp(db, clock, settings, (trx, ticketId, occasion) =>
      queueNotice(trx, queueDeps, {
        event: 'not_picked_up',
        ticketId,
        dedupeKey: `not_picked_up:${ticketId}:${occasion}`,
      }),
    );
  const timers: NodeJS.Timeout[] = [];
  if (!deps.manual) {
    poller.start();
    const hourly = setInterval(() => {
      remind()
        .then((queued) => queued > 0 && dispatcher.wake())
        .catch((error: unknown) => deps.log.error({ err: error }, 'not-picked-up reminders failed'));
    }, REMIND_EVERY_MS);
    hourly.unref();
    timers.push(hourly);
  }

  const queueDeps: NoticeQueueDeps = {
    clock,
    publicUrl: deps.publicUrl,
    ready: async (trx: Kysely<DB>) => {
      const secrets = await readNoticeSecrets(trx);
      return {
        sms: Boolean(secrets.smsApiId),
        telegram: Boolean(secrets.telegramToken),
        email: deps.mailer !== null,
      };
    },
  };

  return {
    settings,
    /** Where the keys are read and written. */
    settingsDb: db,
    channels,
    dispatcher,
    poller,

    /** In the change's own transaction; call `wake()` after it commits. */
    queue(trx: Kysely<DB>, event: NoticeEvent, ticketId: number, occasion: string) {
      return queueNotice(trx, queueDeps, { event, ticketId, dedupeKey: `${event}:${ticketId}:${occasion}` });
    },

    wake() {
      if (!deps.manual) dispatcher.wake();
    },

    /** Reminders for devices not picked up (hourly; tests call it). */
    remind,

    /** A ticket's messages, newest first. */
    async log(ticketId: number): Promise<ClientMessageDto[]> {
      const rows = await db
        .selectFrom('client_messages')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .orderBy('id', 'desc')
        .limit(LOG_LIMIT)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        event: (NOTICE_EVENTS as readonly string[]).includes(row.event) ? (row.event as NoticeEvent) : 'test',
        channel: (NOTICE_CHANNELS as readonly string[]).includes(row.channel ?? '')
          ? (row.channel as NoticeChannel)
          : null,
        recipient: row.recipient,
        text: row.text,
        state: (MESSAGE_STATES as readonly string[]).includes(row.state)
          ? (row.state as MessageState)
          : 'failed',
        reason: row.reason,
        sendAt: row.sent_at ?? row.send_at,
        createdAt: row.created_at,
        deliveredAt: row.delivered_at,
        tries: row.tries,
      }));
    },

    /** SMS sent today and this month in the shop's zone: what the account is charged for. */
    async smsCount(): Promise<{ today: number; month: number; todayParts: number; monthParts: number }> {
      const { timeZone } = await createWorkRules(db, clock).get();
      const today = todayIn(timeZone, clock.now());
      const count = async (since: string) => {
        const row = await db
          .selectFrom('client_messages')
          .select((eb) => [
            eb.fn.countAll<string | number>().as('n'),
            eb.fn.sum<string | number | null>('sms_parts').as('parts'),
          ])
          .where('channel', '=', 'sms')
          .where('sent_at', '>=', since)
          .executeTakeFirstOrThrow();
        return [Number(row.n), Number(row.parts ?? 0)] as const;
      };
      const [day, dayParts] = await count(startOfDayIn(today, timeZone));
      const [month, monthParts] = await count(startOfDayIn(`${today.slice(0, 8)}01`, timeZone));
      return { today: day, month, todayParts: dayParts, monthParts };
    },

    /**
     * The bot's @name: as saved with its token, else asked of Telegram now and saved. Pages that
     * must not wait on Telegram read `savedBot` instead.
     */
    async botUsername(): Promise<string | null> {
      const secrets = await readNoticeSecrets(db);
      if (!secrets.telegramToken) return null;
      if (secrets.telegramBot) return secrets.telegramBot;
      const { telegram } = await channels();
      const answer = await telegram?.check();
      if (!answer?.ok || !answer.username) return null;
      const token = secrets.telegramToken;
      // Saved only for the token it was asked with: a token changed meanwhile asks again.
      if ((await readNoticeSecrets(db)).telegramToken === token) {
        await saveNoticeSecrets(db, { telegramBot: answer.username });
      }
      return answer.username;
    },

    /** The link that connects a ticket's client to the bot; null without a bot. */
    async telegramLink(ticketId: number, username?: string | null): Promise<string | null> {
      const bot = username === undefined ? await this.botUsername() : username;
      if (!bot) return null;
      await db
        .updateTable('tickets')
        .set({ telegram_token: randomBytes(18).toString('base64url') })
        .where('id', '=', ticketId)
        .where('telegram_token', 'is', null)
        .execute();
      const row = await db
        .selectFrom('tickets')
        .select('telegram_token')
        .where('id', '=', ticketId)
        .executeTakeFirst();
      return row?.telegram_token ? `https://t.me/${bot}?start=${row.telegram_token}` : null;
    },

    /** The receipt's link: only with a bot whose name is saved (printing does not wait on Telegram). */
    async telegramLinkOfTicket(ticketId: number): Promise<string | null> {
      const { telegramBot, telegramToken } = await readNoticeSecrets(db);
      if (!telegramToken || !telegramBot) return null;
      return this.telegramLink(ticketId, telegramBot);
    },

    /** The status page's link, by its token: only with a bot whose name is saved (no wait on Telegram). */
    async telegramLinkOfPage(statusToken: string): Promise<string | null> {
      const { telegramBot, telegramToken } = await readNoticeSecrets(db);
      if (!telegramToken || !telegramBot) return null;
      const ticket = await db
        .selectFrom('tickets')
        .select(['id', 'client_id'])
        .where('status_token', '=', statusToken)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!ticket?.client_id) return null;
      return this.telegramLink(ticket.id, telegramBot);
    },

    /** «Отправить тест»: one message now, outside the queue, its outcome in Russian. */
    async test(channel: NoticeChannel, to: string): Promise<CheckOutcome> {
      const open = await channels();
      const text = `Проверка: ${deps.appName} может отправлять сообщения клиентам.`;
      if (channel === 'telegram') {
        if (!open.telegram) throw new AppError('bad_request', 'Сначала сохраните токен бота Telegram');
        return open.telegram.check();
      }
      const outcome =
        channel === 'sms'
          ? open.sms
            ? await open.sms.send(to, text)
            : null
          : open.mailer
            ? await sendEmail(open.mailer, to, `${deps.appName}: проверка`, text)
            : null;
      if (!outcome) {
        throw new AppError(
          'bad_request',
          channel === 'sms'
            ? 'Сначала сохраните ключ API SMS.ru'
            : 'Почта не настроена: задайте SMTP_URL, MAIL_FROM и PUBLIC_URL при запуске',
        );
      }
      return outcome.kind === 'sent'
        ? { ok: true, detail: channel === 'sms' ? `SMS отправлено на ${to}` : `Письмо отправлено на ${to}` }
        : { ok: false, reason: outcome.reason };
    },

    /** Staff stop Telegram for a client (the client asked, or a wrong chat). */
    async disconnectTelegram(clientId: number) {
      const found = await db
        .updateTable('clients')
        .set({ telegram_chat_id: null })
        .where('id', '=', clientId)
        .executeTakeFirst();
      if (Number(found.numUpdatedRows) === 0) throw new AppError('not_found', 'Клиент не найден');
      deps.changed('client', clientId);
    },

    async close() {
      for (const timer of timers) clearInterval(timer);
      await poller.stop();
      await dispatcher.stop();
    },
  };
}
export type ClientNotices = ReturnType<typeof createClientNotices>;
