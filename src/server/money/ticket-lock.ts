import { sql, type Transaction } from 'kysely';
import { LINES_CLOSED } from '../../domain/money-schemas';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { refuseInTrash } from '../trash/trash-marks';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';

/**
 * Holds a ticket's row for the rest of the transaction (a no-op update: PostgreSQL makes a
 * second writer wait; SQLite runs one writer at a time), so a money write checks its rules
 * against every money write committed before it. Refuses a ticket in the Корзина.
 */
export async function lockedTicket(trx: Transaction<DB>, id: number) {
  const row = await trx
    .updateTable('tickets')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .returning(['status', 'deleted_at', 'paid', 'lines_total'])
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
  refuseInTrash('ticket', row);
  return { status: row.status, paid: Number(row.paid), total: Number(row.lines_total) };
}

/** A ticket whose lines may change: in no Корзина and not closed (ADR 045). */
export async function openTicket(trx: Transaction<DB>, id: number) {
  const row = await lockedTicket(trx, id);
  if (row.status === 'closed') throw new AppError('conflict', LINES_CLOSED);
  return row;
}
