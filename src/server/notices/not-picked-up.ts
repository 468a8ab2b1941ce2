import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import type { NoticeSettingsStore } from './notice-settings';

/** At most this many reminders are written per round: the next round (an hour on) takes the rest. */
const ROUND = 200;
/**
 * Devices ready longer than this before the rule was met are left alone: turning a channel on
 * must not write to every client of years past whose repair was never closed in the app.
 */
const LOOK_BACK_DAYS = 30;

/**
 * Repairs ready to go home for longer than the shop's «Не забирает устройство» days, whose client
 * has not been reminded since the ticket became ready (the occasion is `status_since`). Each is
 * queued in its own transaction, so one that fails leaves the others; two instances at once
 * write each reminder once (the message's dedupe key).
 */
export async function queueNotPickedUp(
  db: Kysely<DB>,
  clock: Clock,
  settings: NoticeSettingsStore,
  queue: (trx: Kysely<DB>, ticketId: number, occasion: string) => Promise<unknown>,
): Promise<number> {
  const current = await settings.get();
  if (current.not_picked_up === 'off') return 0;
  const days = Number(current.notPickedUpDays);
  const cutoff = new Date(clock.now().getTime() - days * 86_400_000).toISOString();
  const oldest = new Date(clock.now().getTime() - (days + LOOK_BACK_DAYS) * 86_400_000).toISOString();
  const waiting = await db
    .selectFrom('tickets')
    .select(['id', 'status_since'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'notify_client'),
        eb.and([eb('status', '=', 'repair_done'), eb('intake', '=', 'walk_in')]),
      ]),
    )
    .where('status_since', '<', cutoff)
    .where('status_since', '>=', oldest)
    .where('deleted_at', 'is', null)
    .where('client_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('client_messages')
            .select('client_messages.id')
            .whereRef('client_messages.ticket_id', '=', 'tickets.id')
            .where('client_messages.event', '=', 'not_picked_up')
            .where(
              'client_messages.dedupe_key',
              '=',
              sql<string>`'not_picked_up:' || tickets.id || ':' || tickets.status_since`,
            ),
        ),
      ),
    )
    .orderBy('id')
    .limit(ROUND)
    .execute();
  let queued = 0;
  for (const ticket of waiting) {
    const id = await db.transaction().execute((trx) => queue(trx, ticket.id, ticket.status_since ?? ''));
    if (id !== null) queued += 1;
  }
  return queued;
}
