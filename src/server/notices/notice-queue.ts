import type { Kysely } from 'kysely';
import {
  noticeTemplate,
  pickChannel,
  sendableAt,
  smsParts,
  type ChannelsReady,
  type NoticeChannel,
  type NoticeEvent,
} from '../../domain/client-notices';
import { DEFAULT_TEMPLATES, fillTemplate } from '../../domain/message-templates';
import { messageValues } from '../../domain/message-values';
import { formatPhone } from '../../domain/phone';
import { isIntake } from '../../domain/ticket-status';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { addJobs } from '../jobs/job-store';
import { createShopProfile } from '../settings/shop-profile';
import { parseVersionedValues } from '../settings/versioned-setting';
import { readSetting } from '../settings/settings.repository';
import { createWorkRules } from '../settings/work-rules';
import { ensureStatusToken } from '../status-page/status-links';
import { statusPath } from '../status-page/status-token';
import { createNoticeSettings } from './notice-settings';

/** The job kind that sends one message (docs/decisions/016-jobs-with-leases.md). */
export const CLIENT_MESSAGE = 'client-message';
export const messageJobKey = (id: number) => `${CLIENT_MESSAGE}:${id}`;

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export const quietReason = (sendAt: string, timeZone: string) =>
  `Тихие часы: отправится в ${timeOf(sendAt, timeZone)}`;

export interface NoticeQueueDeps {
  clock: Clock;
  /** Which channels are set up (their secrets read inside the same transaction). */
  ready: (trx: Kysely<DB>) => Promise<ChannelsReady>;
  /** PUBLIC_URL when the environment sets it; else the address saved in «Настройки». */
  publicUrl: string | undefined;
}

/**
 * Writes the message an event sends, as it reads now, with the job that sends it — in the
 * transaction of the change itself, so a change committed always has its message and a change
 * rolled back never does. `dedupeKey` names the occasion: the same occasion twice is one message.
 * Nothing is written when the rule is off or no channel is set up; a client who cannot be
 * reached gets a «Не отправлено» line saying why.
 */
export async function queueNotice(
  trx: Kysely<DB>,
  deps: NoticeQueueDeps,
  notice: { event: NoticeEvent; ticketId: number; dedupeKey: string },
): Promise<number | null> {
  const settings = await createNoticeSettings(trx, deps.clock).get();
  const choice = settings[notice.event];
  if (choice === 'off') return null;
  const ticket = await trx
    .selectFrom('tickets')
    .leftJoin('clients', 'clients.id', 'tickets.client_id')
    .select([
      'tickets.id',
      'tickets.status',
      'tickets.intake',
      'tickets.client_name',
      'tickets.device',
      'tickets.delivery_provider',
      'tickets.return_provider',
      'tickets.lines_total',
      'tickets.paid',
      'tickets.payer_id',
      'tickets.deleted_at',
      'clients.id as client_id',
      'clients.phone',
      'clients.email',
      'clients.message_pref',
      'clients.telegram_chat_id',
    ])
    .where('tickets.id', '=', notice.ticketId)
    .executeTakeFirst();
  if (!ticket || ticket.deleted_at !== null || ticket.client_id === null) return null;
  const pref = ticket.message_pref ?? 'auto';
  const picked = pickChannel(
    choice,
    {
      noMessages: pref === 'none',
      preferred: pref === 'telegram' || pref === 'email' || pref === 'sms' ? pref : null,
      phone: ticket.phone ?? '',
      email: ticket.email || null,
      telegramChatId: ticket.telegram_chat_id,
    },
    await deps.ready(trx),
  );
  if (picked === null) return null;

  const now = deps.clock.now();
  const { timeZone } = await createWorkRules(trx, deps.clock).get();
  const text = await composeText(trx, deps, notice.event, ticket);
  const channel: NoticeChannel | null = 'channel' in picked ? picked.channel : null;
  const sendAt = sendableAt(now, timeZone, { from: settings.quietFrom, to: settings.quietTo });
  const held = sendAt.getTime() > now.getTime();
  const row = {
    ticket_id: ticket.id,
    client_id: ticket.client_id,
    event: notice.event,
    channel,
    recipient: recipientOf(channel, ticket),
    text,
    state: channel ? 'queued' : 'skipped',
    reason: 'skipped' in picked ? picked.skipped : held ? quietReason(sendAt.toISOString(), timeZone) : '',
    sms_parts: channel === 'sms' ? smsParts(text) : 0,
    dedupe_key: notice.dedupeKey,
    send_at: sendAt.toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const inserted = await trx
    .insertInto('client_messages')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  if (channel) {
    await addJobs(
      trx,
      [{ key: messageJobKey(inserted.id), kind: CLIENT_MESSAGE, runAt: row.send_at }],
      row.created_at,
    );
  }
  return inserted.id;
}

function recipientOf(
  channel: NoticeChannel | null,
  client: { phone: string | null; email: string | null },
): string {
  if (channel === 'sms') return formatPhone(client.phone ?? '');
  if (channel === 'email') return client.email ?? '';
  if (channel === 'telegram') return 'Telegram';
  return '';
}

async function composeText(
  trx: Kysely<DB>,
  deps: NoticeQueueDeps,
  event: NoticeEvent,
  ticket: {
    id: number;
    status: string;
    intake: string;
    client_name: string;
    device: string;
    delivery_provider: string | null;
    return_provider: string | null;
    lines_total: number;
    paid: number;
    payer_id: number | null;
  },
): Promise<string> {
  const templates = parseVersionedValues(await readSetting(trx, 'message_templates'), DEFAULT_TEMPLATES);
  const shop = await createShopProfile(trx, deps.clock).get();
  const address = deps.publicUrl ?? ((await readSetting(trx, 'public_address')) || null);
  const link = address
    ? `${address.replace(/\/+$/, '')}${statusPath(await ensureStatusToken(trx, ticket.id))}`
    : '';
  const estimate = await trx
    .selectFrom('estimates')
    .select('total')
    .where('ticket_id', '=', ticket.id)
    .executeTakeFirst();
  const values = messageValues(
    {
      id: ticket.id,
      status: ticket.status,
      intake: isIntake(ticket.intake) ? ticket.intake : 'pvz',
      clientName: ticket.client_name,
      device: ticket.device,
      deliveryProvider: ticket.delivery_provider,
      returnProvider: ticket.return_provider,
    },
    { name: shop.name, phone: shop.phone },
    link,
    {
      estimateTotal: estimate ? Number(estimate.total) : null,
      due: ticket.payer_id === null ? Math.max(0, Number(ticket.lines_total) - Number(ticket.paid)) : 0,
    },
  );
  return fillTemplate(noticeTemplate(templates, event, ticket.status), values);
}
