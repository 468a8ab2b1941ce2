import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { addJobs, claimDueJobs, renewLease, retryJob } from '../jobs/job-store';
import type { TelegramUpdate } from './channels/telegram';
import type { ChannelSource } from './notice-channels';

/**
 * One job, never done, whose lease says which instance asks Telegram for the bot's messages:
 * Telegram answers only one `getUpdates` at a time. Its payload keeps the offset, so a restart
 * neither misses a message nor reads one twice.
 */
export const TELEGRAM_POLL = 'telegram-poll';
/** How long one `getUpdates` waits for a message when there is none (long polling). */
const WAIT_SECONDS = 25;
/** Longer than a wait and a timeout: the lease holds while its request is out. */
const LEASE_MS = 90_000;
/** After a failed ask (no bot, Telegram down), or while another instance holds the lease. */
const PAUSE_MS = 10_000;

export const TELEGRAM_REPLIES = {
  connected: (number: string) =>
    `Готово! Сюда будут приходить сообщения о ремонте по заявке ${number} и следующим. Чтобы отписаться, отправьте /stop.`,
  stale: 'Ссылка устарела. Попросите в сервисе новую ссылку или QR-код.',
  elsewhere:
    'Сообщения этого клиента уже приходят в другой чат Telegram. Если это вы, попросите сервис отключить старый и откройте ссылку снова.',
  stopped: 'Вы отписались: сообщения о ремонте больше не придут. Подписаться снова — по ссылке из квитанции.',
  other: 'Это бот сервиса: он присылает сообщения о ремонте. Чтобы отписаться, отправьте /stop.',
};

const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/;
const STOP = /^\/stop(?:@\w+)?\s*$/;

export interface TelegramPoller {
  /** One ask of Telegram if this instance holds the lease; false when it does not or cannot. */
  pollOnce(waitSeconds?: number, cancel?: AbortSignal): Promise<boolean>;
  start(): void;
  /** Ends a pause now (a token just saved): the bot answers at once, not in up to PAUSE_MS. */
  wake(): void;
  stop(): Promise<void>;
}

export function createTelegramPoller({
  db,
  clock,
  log,
  channels,
  onClientChange,
  owner = `telegram-${randomUUID()}`,
}: {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  channels: ChannelSource;
  /** A client's Telegram was connected or stopped: their open screens refresh. */
  onClientChange: (clientId: number) => void;
  owner?: string;
}): TelegramPoller {
  let stopped = true;
  let loop: Promise<void> | undefined;
  let cancel = new AbortController();
  let endPause: (() => void) | undefined;

  /** `/start <token>` connects the ticket's client; `/stop` disconnects every client of the chat. */
  async function handle(update: TelegramUpdate, reply: (chatId: string, text: string) => Promise<unknown>) {
    const chat = update.message?.chat?.id;
    const text = update.message?.text?.trim() ?? '';
    if (chat === undefined) return;
    const chatId = String(chat);
    const start = START.exec(text);
    if (start) {
      const ticket = await db
        .selectFrom('tickets')
        .select(['id', 'client_id'])
        .where('telegram_token', '=', start[1]!)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!ticket?.client_id) {
        await reply(chatId, TELEGRAM_REPLIES.stale);
        return;
      }
      // A link passed on (the status page is forwarded) must not take a connected client's chat:
      // only a client with no chat, or the same chat again, is connected; staff disconnect first.
      const connected = await db
        .updateTable('clients')
        .set({ telegram_chat_id: chatId })
        .where('id', '=', ticket.client_id)
        .where((eb) => eb.or([eb('telegram_chat_id', 'is', null), eb('telegram_chat_id', '=', chatId)]))
        .executeTakeFirst();
      if (Number(connected.numUpdatedRows) === 0) {
        await reply(chatId, TELEGRAM_REPLIES.elsewhere);
        return;
      }
      onClientChange(ticket.client_id);
      log.info({ clientId: ticket.client_id }, 'client connected Telegram');
      await reply(chatId, TELEGRAM_REPLIES.connected(`#${ticket.id}`));
      return;
    }
    if (STOP.test(text)) {
      const left = await db
        .updateTable('clients')
        .set({ telegram_chat_id: null })
        .where('telegram_chat_id', '=', chatId)
        .returning('id')
        .execute();
      for (const client of left) onClientChange(client.id);
      await reply(chatId, TELEGRAM_REPLIES.stopped);
      return;
    }
    await reply(chatId, TELEGRAM_REPLIES.other);
  }

  async function pollOnce(waitSeconds = WAIT_SECONDS, cancel?: AbortSignal): Promise<boolean> {
    const { telegram, telegramBotId } = await channels();
    if (!telegram) return false;
    const now = clock.now();
    await addJobs(
      db,
      [{ key: TELEGRAM_POLL, kind: TELEGRAM_POLL, runAt: now.toISOString(), payload: { offset: 0 } }],
      now.toISOString(),
    );
    const [job] = await claimDueJobs(db, {
      owner,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: 1,
      kinds: [TELEGRAM_POLL],
    });
    if (!job) return false;
    const kept = job.payload as { offset?: number; bot?: string };
    // Another bot (a new token) numbers its updates afresh: its offset starts over.
    let offset = kept.bot === telegramBotId ? Number(kept.offset ?? 0) : 0;
    const progress = () => ({ offset, bot: telegramBotId });
    try {
      const updates = await telegram.getUpdates(offset, waitSeconds, cancel);
      for (const update of updates ?? []) {
        // Past this update whatever happens to it: one that fails is not asked for forever.
        offset = Math.max(offset, update.update_id + 1);
        await handle(update, (chatId, text) => telegram.sendMessage(chatId, text)).catch((error: unknown) =>
          log.error({ err: error }, 'telegram update failed'),
        );
        // Each update's progress kept, and the lease with it: replies may take a while.
        const until = new Date(clock.now().getTime() + LEASE_MS).toISOString();
        if (!(await renewLease(db, TELEGRAM_POLL, owner, until, progress()))) return true;
      }
      return updates !== null;
    } finally {
      await retryJob(db, TELEGRAM_POLL, owner, clock.now().toISOString(), 'polled', progress());
    }
  }

  /** Waits `ms`, or less if stopped; leaves no listener behind (it runs every few seconds for ever). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cancel.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      cancel.signal.addEventListener('abort', done, { once: true });
      endPause = done;
    });

  return {
    pollOnce,
    wake() {
      endPause?.();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      cancel = new AbortController();
      loop = (async () => {
        while (!stopped) {
          const asked = await pollOnce(WAIT_SECONDS, cancel.signal).catch((error: unknown) => {
            log.error({ err: error }, 'telegram poll failed');
            return false;
          });
          if (!asked && !stopped) await pause(PAUSE_MS);
        }
      })();
    },
    async stop() {
      stopped = true;
      cancel.abort();
      await loop;
    },
  };
}
