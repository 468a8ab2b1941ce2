import type { Kysely } from 'kysely';
import { REPORT_PAGE, type UnpaidReportDto } from '../../domain/reports';
import { owingTickets } from '../cash/takings';
import type { DB } from '../db/schema';

/**
 * Unpaid balances (issue 53): every finished repair that still owes, as «Сводка» counts them,
 * the largest debt first, a page at a time, read through the `tickets_debts` index.
 */
export async function readUnpaidReport(
  db: Kysely<DB>,
  offset: number,
  limit = REPORT_PAGE,
): Promise<UnpaidReportDto> {
  const owing = owingTickets(db);
  const [page, sums] = await Promise.all([
    owing
      .select((eb) => [
        'tickets.id',
        'tickets.title',
        'tickets.device',
        'tickets.client_name',
        'tickets.status',
        'tickets.created_at',
        'tickets.closed_at',
        'tickets.lines_total',
        'tickets.paid',
        eb('tickets.lines_total', '-', eb.ref('tickets.paid')).as('due'),
      ])
      .orderBy('due', 'desc')
      .orderBy('tickets.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    owing
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.sum<string | number | null>(eb('tickets.lines_total', '-', eb.ref('tickets.paid'))).as('due'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(sums.n),
    due: Number(sums.due ?? 0),
    offset,
    items: page.map((row) => ({
      id: row.id,
      title: row.title,
      device: row.device,
      clientName: row.client_name,
      status: row.status,
      createdAt: row.created_at,
      closedAt: row.closed_at,
      total: Number(row.lines_total),
      paid: Number(row.paid),
      due: Number(row.due),
    })),
  };
}
