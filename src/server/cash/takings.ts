import { sql, type Kysely } from 'kysely';
import { UNPAID_LISTED, type TakingsDto } from '../../domain/cash-desk';
import { todayIn } from '../../domain/due-marks';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/money';
import { daysInZone } from '../../domain/status-limits';
import { isIntake, isTicketStatus, TICKET_PIPELINE } from '../../domain/ticket-status';
import type { DB } from '../db/schema';
import { unindexed } from '../db/unindexed';

/** A repair is finished once it leaves «В ремонте»: from there on, what it owes is a debt. */
export const FINISHED_STATUSES = TICKET_PIPELINE.slice(TICKET_PIPELINE.indexOf('repair_done'));

/**
 * Finished repairs that still owe, through the `tickets_debts` index (migration 0038: only
 * those, largest debt first, with the sums it adds). Its `status in (…)` must stay the index's
 * term exactly: the same list, written out (SQLite matches a partial index's terms only against
 * literals, not bound values), and on SQLite through `unindexed`, as the index writes it, so
 * that SQLite, which keeps no statistics here, does not read every finished repair through
 * `status`'s own index instead. The debt as a range lets the count and sum use it too.
 */
export function owingTickets(db: Kysely<DB>) {
  return db
    .selectFrom('tickets')
    .where('tickets.lines_total', '>', (eb) => eb.ref('tickets.paid'))
    .where(
      unindexed(db, 'tickets.status'),
      'in',
      FINISHED_STATUSES.map((status) => sql.lit(status)),
    )
    .where((eb) => eb(eb('tickets.lines_total', '-', eb.ref('tickets.paid')), '>', sql.lit(0)))
    .where(unindexed(db, 'tickets.deleted_at'), 'is', null);
}

/**
 * «Сводка»'s money (issue 50): the day's payments and refunds by method, in the shop's calendar
 * day, and the finished repairs that still owe, the largest debts first. The debts are read
 * through the `tickets_debts` index (only finished repairs owing anything), not a scan of every ticket.
 */
export async function readTakings(db: Kysely<DB>, timeZone: string, now: Date): Promise<TakingsDto> {
  const date = todayIn(timeZone, now);
  const { from, to } = daysInZone(date, date, timeZone);
  const owing = owingTickets(db);
  const [sums, debt, listed] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['method', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['method', 'kind'])
      .execute(),
    owing
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.sum<string | number | null>(eb('tickets.lines_total', '-', eb.ref('tickets.paid'))).as('sum'),
      ])
      .executeTakeFirstOrThrow(),
    owing
      .innerJoin('clients', 'clients.id', 'tickets.client_id')
      .select([
        'tickets.id',
        'tickets.title',
        'tickets.device',
        'tickets.status',
        'tickets.intake',
        'clients.full_name',
        (eb) => eb('tickets.lines_total', '-', eb.ref('tickets.paid')).as('due'),
      ])
      .orderBy('due', 'desc')
      .orderBy('tickets.id')
      .limit(UNPAID_LISTED)
      .execute(),
  ]);
  const sumOf = (method: PaymentMethod, kind: string) =>
    Number(sums.find((row) => row.method === method && row.kind === kind)?.sum ?? 0);
  const byMethod = PAYMENT_METHODS.map((method) => ({
    method,
    taken: sumOf(method, 'payment'),
    refunded: sumOf(method, 'refund'),
  }));
  return {
    date,
    byMethod,
    net: byMethod.reduce((sum, row) => sum + row.taken - row.refunded, 0),
    unpaid: {
      count: Number(debt.count),
      sum: Number(debt.sum ?? 0),
      tickets: listed.map((row) => ({
        id: row.id,
        title: row.title,
        clientName: row.full_name,
        device: row.device,
        status: isTicketStatus(row.status) ? row.status : 'closed',
        intake: isIntake(row.intake) ? row.intake : 'pvz',
        due: Number(row.due),
      })),
    },
  };
}
