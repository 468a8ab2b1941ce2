import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { NOTICE_CHANNEL_LABELS, sendableAt, type NoticeChannel } from '../../domain/client-notices';
import { startOfDayIn } from '../../domain/status-limits';
import { todayIn } from '../../domain/due-marks';
import { addDays } from '../../domain/calendar-date';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { addJobs, claimDueJobs, completeJob, deleteDoneBefore, retryJob } from '../jobs/job-store';
import { createShopProfile } from '../settings/shop-profile';
import { createWorkRules } from '../settings/work-rules';
import type { SendOutcome } from './channels/channel';
import { sendEmail } from './channels/email';
import type { ChannelSource } from './notice-channels';
import { CLIENT_MESSAGE, quietReason } from './notice-queue';
import type { NoticeSettingsStore } from './notice-settings';

/** The job kind that asks SMS.RU whether a message it took was delivered. */
export const DELIVERY_CHECK = 'client-message-check';

/** Waits before the 2nd… tries of a message its channel could not take; then it has failed. */
export const DEFAULT_SEND_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** Waits before asking again whether an SMS was delivered; then it stays «Отправлено». */
export const DEFAULT_CHECK_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** Longer than a channel's timeout: a lease never runs out while its try is still waiting. */
const LEASE_MS = 120_000;
/**
 * Sent one after another, so the day's SMS count each one checks includes the one before; five
 * tries of at most a channel's timeout each fit in one lease.
 */
const CLAIM_BATCH = 5;
/** A job that keeps failing in our own code (not the channel) is given up after this many takes. */
const MAX_TAKES = 8;
/** Instances look for messages due (a quiet night's end, another instance's retry) this often. */
const SWEEP_MS = 15_000;

export interface NoticeDispatcher {
  /** Sends every message due now (any instance's), one try each. */
  tick(): Promise<void>;
  /** Soon after a change queued a message: the request does not wait for it. */
  wake(): void;
  stop(): Promise<void>;
}

interface MessageRow {
  id: number;
  client_id: number | null;
  channel: string | null;
  text: string;
  state: string;
  tries: number;
  provider_id: string | null;
  ticket_id: number | null;
}

/**
 * Sends the queued messages (issue 54). Each is a job with a lease: of two instances, one takes
 * it; a restart leaves it in the database for the next. Quiet hours and the day's SMS cap move
 * it to later; a channel that cannot take it now is tried again after `sendDelaysMs`, then the
 * message is marked failed with the channel's reason, which the ticket's log shows.
 */
export function createNoticeDispatcher({
  db,
  clock,
  log,
  channels,
  settings,
  appName,
  onChange,
  sendDelaysMs = DEFAULT_SEND_DELAYS_MS,
  checkDelaysMs = DEFAULT_CHECK_DELAYS_MS,
  owner = `notices-${randomUUID()}`,
  sweep = true,
}: {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  channels: ChannelSource;
  settings: NoticeSettingsStore;
  appName: string;
  /** A ticket's log changed: its open screens refresh. */
  onChange: (ticketId: number) => void;
  sendDelaysMs?: readonly number[];
  checkDelaysMs?: readonly number[];
  owner?: string;
  sweep?: boolean;
}): NoticeDispatcher {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const timers = new Set<NodeJS.Timeout>();
  const nowIso = () => clock.now().toISOString();
  /** The chat a Telegram try went to, by message: a «gone» answer disconnects only that chat. */
  const sentTo = new Map<number, string>();

  /** Writes the message's new state over the state this instance read, never over another's. */
  async function update(row: MessageRow, values: Record<string, unknown>) {
    await db
      .updateTable('client_messages')
      .set({ ...values, updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .where('tries', '=', row.tries)
      .execute();
    if (row.ticket_id !== null) onChange(row.ticket_id);
  }

  /** The first moment a message may go: after quiet hours, and after today when the SMS cap is reached. */
  async function holdUntil(channel: NoticeChannel): Promise<{ at: Date; reason: string } | null> {
    const current = await settings.get();
    const { timeZone } = await createWorkRules(db, clock).get();
    const now = clock.now();
    const quiet = { from: current.quietFrom, to: current.quietTo };
    const at = sendableAt(now, timeZone, quiet);
    if (at.getTime() > now.getTime()) return { at, reason: quietReason(at.toISOString(), timeZone) };
    if (channel !== 'sms') return null;
    const cap = Number(current.smsDailyCap);
    const today = todayIn(timeZone, now);
    const sent = await db
      .selectFrom('client_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('channel', '=', 'sms')
      .where('sent_at', '>=', startOfDayIn(today, timeZone))
      .executeTakeFirstOrThrow();
    if (Number(sent.n) < cap) return null;
    const tomorrow = new Date(startOfDayIn(addDays(today, 1), timeZone));
    const next = sendableAt(tomorrow, timeZone, quiet);
    return { at: next, reason: `Дневной лимит SMS (${cap}) исчерпан: отправится завтра` };
  }

  /** One try on the channel; `skipped` when the client no longer wants or has the message. */
  async function attempt(
    row: MessageRow,
    channel: NoticeChannel,
  ): Promise<SendOutcome | { kind: 'skipped'; reason: string }> {
    const open = await channels();
    const client = row.client_id
      ? await db
          .selectFrom('clients')
          .select(['phone', 'email', 'telegram_chat_id', 'message_pref', 'deleted_at'])
          .where('id', '=', row.client_id)
          .executeTakeFirst()
      : undefined;
    if (!open.ready[channel]) {
      return { kind: 'failed', reason: `${NOTICE_CHANNEL_LABELS[channel]} не настроен` };
    }
    if (!client || client.deleted_at) return { kind: 'skipped', reason: 'Клиент удалён' };
    // Asked not to be written to after the message was queued (held overnight, say).
    if (client.message_pref === 'none') return { kind: 'skipped', reason: 'Клиент просил не писать ему' };
    if (channel === 'sms' && open.sms) return open.sms.send(client.phone, row.text);
    if (channel === 'telegram' && open.telegram) {
      if (!client.telegram_chat_id) return { kind: 'failed', reason: 'Клиент отключил Telegram' };
      sentTo.set(row.id, client.telegram_chat_id);
      return open.telegram.sendMessage(client.telegram_chat_id, row.text);
    }
    if (channel === 'email' && open.mailer) {
      if (!client.email) return { kind: 'failed', reason: 'У клиента больше нет e-mail' };
      const number = row.ticket_id === null ? '' : ` #${row.ticket_id}`;
      const shop = (await createShopProfile(db, clock).get()).name.trim() || appName;
      return sendEmail(open.mailer, client.email, `${shop}: заявка${number}`, row.text);
    }
    return { kind: 'failed', reason: `${NOTICE_CHANNEL_LABELS[channel]} не настроен` };
  }

  async function sendOne(key: string, id: number, takes: number) {
    const row = await db
      .selectFrom('client_messages')
      .select(['id', 'client_id', 'channel', 'text', 'state', 'tries', 'provider_id', 'ticket_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const channel = row?.channel as NoticeChannel | null | undefined;
    if (!row || row.state !== 'queued' || !channel) {
      await completeJob(db, key, owner, nowIso(), 'nothing to send');
      return;
    }
    // A ticket put in the Корзина before its message went: the client hears nothing of it.
    const ticket = row.ticket_id
      ? await db.selectFrom('tickets').select('deleted_at').where('id', '=', row.ticket_id).executeTakeFirst()
      : undefined;
    if (ticket?.deleted_at) {
      await update(row, { state: 'skipped', reason: 'Заявка удалена до отправки' });
      await completeJob(db, key, owner, nowIso(), 'ticket deleted');
      return;
    }
    if (takes > MAX_TAKES) {
      await update(row, { state: 'failed', reason: 'Не удалось отправить: ошибка на сервере сервиса' });
      await completeJob(db, key, owner, nowIso(), 'given up');
      return;
    }
    const hold = await holdUntil(channel);
    if (hold) {
      await update(row, { send_at: hold.at.toISOString(), reason: hold.reason });
      await retryJob(db, key, owner, hold.at.toISOString(), 'held');
      return;
    }
    const outcome = await attempt(row, channel);
    const chat = sentTo.get(row.id);
    sentTo.delete(row.id);
    const tries = row.tries + 1;
    const now = nowIso();
    if (outcome.kind === 'skipped') {
      await update(row, { state: 'skipped', reason: outcome.reason });
      await completeJob(db, key, owner, now, 'skipped');
      return;
    }
    if (outcome.kind === 'sent') {
      // A message the Bot API took is in the client's chat: Telegram has nothing later to report.
      const delivered = channel === 'telegram';
      await update(row, {
        state: delivered ? 'delivered' : 'sent',
        tries,
        reason: '',
        sent_at: now,
        send_at: now,
        delivered_at: delivered ? now : null,
        provider_id: outcome.providerId ?? null,
      });
      await completeJob(db, key, owner, now, 'sent');
      if (channel === 'sms' && outcome.providerId) await scheduleCheck(row.id, 1);
      return;
    }
    if (outcome.kind === 'retry' && tries <= sendDelaysMs.length) {
      const wait = Math.max(sendDelaysMs[tries - 1] ?? 0, outcome.afterMs ?? 0);
      const at = new Date(clock.now().getTime() + wait).toISOString();
      await update(row, { tries, send_at: at, reason: `Попытка ${tries} не удалась: ${outcome.reason}` });
      await retryJob(db, key, owner, at, 'retry');
      log.info({ messageId: row.id, channel, tries }, 'client message not sent, will retry');
      return;
    }
    await update(row, { state: 'failed', tries, reason: outcome.reason });
    await completeJob(db, key, owner, now, 'failed');
    // Only the chat that refused: one the client connected since stays.
    if (outcome.kind === 'gone' && row.client_id !== null && chat) {
      await db
        .updateTable('clients')
        .set({ telegram_chat_id: null })
        .where('id', '=', row.client_id)
        .where('telegram_chat_id', '=', chat)
        .execute();
    }
    log.warn({ messageId: row.id, channel, tries }, 'client message failed');
  }

  async function scheduleCheck(id: number, round: number) {
    const wait = checkDelaysMs[round - 1];
    if (wait === undefined) return;
    const now = clock.now();
    await addJobs(
      db,
      [
        {
          key: `${DELIVERY_CHECK}:${id}:${round}`,
          kind: DELIVERY_CHECK,
          runAt: new Date(now.getTime() + wait).toISOString(),
          payload: { id, round },
        },
      ],
      now.toISOString(),
    );
  }

  async function checkOne(key: string, payload: { id: number; round: number }) {
    const row = await db
      .selectFrom('client_messages')
      .select(['id', 'client_id', 'channel', 'text', 'state', 'tries', 'provider_id', 'ticket_id'])
      .where('id', '=', payload.id)
      .executeTakeFirst();
    const open = await channels();
    if (!row || row.state !== 'sent' || !row.provider_id || !open.sms) {
      await completeJob(db, key, owner, nowIso(), 'nothing to check');
      return;
    }
    const answer = await open.sms.status(row.provider_id);
    if (answer.kind === 'delivered') await update(row, { state: 'delivered', delivered_at: nowIso() });
    else if (answer.kind === 'failed') await update(row, { state: 'failed', reason: answer.reason });
    else await scheduleCheck(row.id, payload.round + 1);
    await completeJob(db, key, owner, nowIso(), answer.kind);
  }

  async function tickOnce() {
    while (!stopped) {
      const now = clock.now();
      const jobs = await claimDueJobs(db, {
        owner,
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        limit: CLAIM_BATCH,
        kinds: [CLIENT_MESSAGE, DELIVERY_CHECK],
      });
      if (jobs.length === 0) return;
      for (const job of jobs) {
        const work =
          job.kind === DELIVERY_CHECK
            ? checkOne(job.key, job.payload as { id: number; round: number })
            : sendOne(job.key, Number(job.key.slice(CLIENT_MESSAGE.length + 1)), job.attempts);
        await work.catch((error: unknown) =>
          log.error({ err: error, job: job.key }, 'client message job failed'),
        );
      }
    }
  }

  const dispatcher: NoticeDispatcher = {
    tick() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await tickOnce();
        } while (again && !stopped);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    wake() {
      if (stopped) return;
      dispatcher.tick().catch((error: unknown) => log.error({ err: error }, 'client messages tick failed'));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await running?.catch(() => undefined);
    },
  };

  if (sweep) {
    const timer = setInterval(() => {
      dispatcher.wake();
      // The jobs' keys matter only while a message could be sent twice: a week is plenty.
      const before = new Date(clock.now().getTime() - 7 * 86_400_000).toISOString();
      for (const kind of [CLIENT_MESSAGE, DELIVERY_CHECK]) {
        deleteDoneBefore(db, kind, before).catch((error: unknown) =>
          log.error({ err: error }, 'client message clean-up failed'),
        );
      }
    }, SWEEP_MS);
    timer.unref();
    timers.add(timer);
  }
  return dispatcher;
}
