import type { Kysely } from 'kysely';
import { ticketNumber } from '../../domain/ticket-number';
import type { DB } from '../db/schema';
import { changeStock, type StockActor } from './stock-change';

// A repair's parts taken from stock (issue 51): a line reserves them, handover writes them off,
// removing the line returns them. Called inside the money and status writes, after the ticket's
// row is held, so a line and its stock change commit together or not at all.

export type StockState = 'reserved' | 'written_off';

interface StockLine {
  part_id: number | null;
  stock_state: string | null;
  quantity: number;
}

/** Reserves `quantity` of a part for a new line; the unit cost it is taken at (the margin). */
export async function reserveForLine(
  trx: Kysely<DB>,
  by: StockActor,
  at: string,
  { partId, quantity, ticketId }: { partId: number; quantity: number; ticketId: number },
): Promise<{ cost: number; state: StockState }> {
  const part = await changeStock(trx, by, at, {
    partId,
    kind: 'reserved',
    onHand: 0,
    reserved: quantity,
    ticketId,
  });
  return { cost: Number(part.avg_cost), state: 'reserved' };
}

/** A stock line's quantity changed: hold or give back the difference, as its state is. */
export async function changeLineQuantity(
  trx: Kysely<DB>,
  by: StockActor,
  at: string,
  ticketId: number,
  line: StockLine,
  quantity: number,
): Promise<void> {
  const delta = quantity - line.quantity;
  if (line.part_id === null || delta === 0) return;
  const held = line.stock_state === 'reserved';
  await changeStock(trx, by, at, {
    partId: line.part_id,
    kind: delta > 0 ? (held ? 'reserved' : 'written_off') : 'returned',
    onHand: held ? 0 : -delta,
    reserved: held ? delta : 0,
    ticketId,
  });
}

/** A stock line removed: what it held goes back, and what was written off returns to the shelf. */
export async function returnLine(
  trx: Kysely<DB>,
  by: StockActor,
  at: string,
  ticketId: number,
  line: StockLine,
  note = '',
): Promise<void> {
  if (line.part_id === null) return;
  const held = line.stock_state === 'reserved';
  await changeStock(trx, by, at, {
    partId: line.part_id,
    kind: 'returned',
    onHand: held ? 0 : line.quantity,
    reserved: held ? -line.quantity : 0,
    ticketId,
    note,
  });
}

/** Handover: every part the repair holds leaves the shelf. */
export async function writeOffTicketParts(
  trx: Kysely<DB>,
  by: StockActor,
  at: string,
  ticketId: number,
): Promise<number> {
  const lines = await heldLines(trx, [ticketId]);
  for (const line of lines) {
    await changeStock(trx, by, at, {
      partId: line.part_id,
      kind: 'written_off',
      onHand: -line.quantity,
      reserved: -line.quantity,
      ticketId,
    });
  }
  if (lines.length > 0) {
    await trx
      .updateTable('ticket_lines')
      .set({ stock_state: 'written_off' })
      .where('ticket_id', '=', ticketId)
      .where('stock_state', '=', 'reserved')
      .execute();
  }
  return lines.length;
}

/** Tickets deleted for good: what they still held goes back (what went home stays gone). */
export async function releaseTicketParts(
  trx: Kysely<DB>,
  at: string,
  ticketIds: readonly number[],
): Promise<void> {
  const by = { id: null, displayName: 'Корзина' };
  for (const line of await heldLines(trx, ticketIds)) {
    await changeStock(trx, by, at, {
      partId: line.part_id,
      kind: 'returned',
      onHand: 0,
      reserved: -line.quantity,
      ticketId: line.ticket_id,
      note: `Заявка ${ticketNumber(line.ticket_id)} удалена навсегда`,
    });
  }
}

/** The reserved stock lines of some tickets, in part order (two writers lock parts alike). */
async function heldLines(db: Kysely<DB>, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .selectFrom('ticket_lines')
    .select(['ticket_id', 'part_id', 'quantity'])
    .where('ticket_id', 'in', ticketIds)
    .where('stock_state', '=', 'reserved')
    .where('part_id', 'is not', null)
    .orderBy('part_id')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, part_id: row.part_id as number }));
}
