import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  amountDue,
  formatRubles,
  lineArithmetic,
  lineTotal,
  MAX_KOPECKS,
  MAX_TICKET_KOPECKS,
  PAYMENT_METHOD_LABELS,
  type PaymentDto,
  type PaymentMethod,
  type TicketLineDto,
  type TicketMoneyDto,
  type LineKind,
} from '../../domain/money';
import {
  DISCOUNT_TOO_BIG,
  LINE_TOO_BIG,
  TICKET_TOO_BIG,
  LINE_NOT_FOUND,
  REFUND_TOO_BIG,
  SERVICE_NOT_FOUND,
  STALE_LINE,
  type paymentInput,
  type ticketLineInput,
  type ticketLinePatch,
} from '../../domain/money-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import type { DB, TicketLinesTable } from '../db/schema';
import { AppError } from '../errors';
import type { ClientNotices } from '../notices/client-notices.service';
import type { EventBus } from '../events/event-bus';
import { historyFor, writeHistory, type HistoryChange } from '../history/history-writer';
import type { Actor } from '../http/actor';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import { CLIENT_PAYS_LABEL, PAYER_CLOSED, PAYER_NOT_FOUND } from '../../domain/payers';
import { estimateDto, readEstimateRow } from './estimate.service';
import { lockedTicket, openTicket } from './ticket-lock';
import { lockedOpenShift } from '../cash/open-shift-lock';
import { drawerCash } from '../cash/cash-desk.service';
import { CASH_REFUND_TOO_BIG } from '../../domain/cash-desk';
import { STOCK_LINE_NOT_PART } from '../../domain/stock';
import { changeLineQuantity, reserveForLine, returnLine } from '../stock/ticket-parts';

type LineRow = Selectable<TicketLinesTable>;

function lineDto(row: LineRow): TicketLineDto {
  const line = { quantity: row.quantity, price: Number(row.price), discount: Number(row.discount) };
  return {
    id: row.id,
    kind: row.kind as LineKind,
    name: row.name,
    serviceId: row.service_id,
    ...line,
    warrantyDays: row.warranty_days,
    total: lineTotal(line),
    version: row.version,
    partId: row.part_id,
    stockState: row.stock_state === 'reserved' || row.stock_state === 'written_off' ? row.stock_state : null,
  };
}

/** A ticket's lines in the order they were added. */
export async function readLines(source: Kysely<DB>, ticketId: number): Promise<TicketLineDto[]> {
  const rows = await source
    .selectFrom('ticket_lines')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
  return rows.map(lineDto);
}

/** A line as its history row reads: «Замена экрана: 2 × 1 500,00 ₽ − 100,00 ₽ = 2 900,00 ₽». */
function describeLine(line: Pick<TicketLineDto, 'name' | 'quantity' | 'price' | 'discount'>): string {
  return `${line.name}: ${lineArithmetic(line)} = ${formatRubles(lineTotal(line))}`;
}

/**
 * A ticket's price lines and payments (issue 50). Every write holds the ticket's row first
 * (a no-op update: PostgreSQL waits for another writer, SQLite runs one writer at a time), so
 * sums kept on the ticket, and the check that a refund never passes what was paid, see every
 * write committed before them.
 */
export function createTicketMoney({
  db,
  clock,
  events,
  notices,
}: {
  db: Kysely<DB>;
  clock: Clock;
  events: EventBus;
  notices: Pick<ClientNotices, 'queue' | 'wake'>;
}) {
  const changed = (id: number) => events.publish({ entity: 'ticket', id, op: 'update' });
  /** A line taken from stock changed: the part's counters did too. */
  const stockChanged = (partId: number | null) => {
    if (partId !== null) events.publish({ entity: 'stock', id: partId, op: 'update' });
  };

  async function saveLinesTotal(trx: Transaction<DB>, ticketId: number) {
    const lines = await trx
      .selectFrom('ticket_lines')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .execute();
    const total = lines.reduce((sum, row) => sum + lineDto(row).total, 0);
    if (total > MAX_TICKET_KOPECKS) throw new AppError('bad_request', TICKET_TOO_BIG);
    const parts = lines.filter((row) => row.kind === 'part');
    await trx
      .updateTable('tickets')
      .set({
        lines_total: total,
        // The margin's parts (issue 53, migration 0037), kept with the total.
        works_total: lines
          .filter((row) => row.kind === 'work')
          .reduce((sum, row) => sum + lineDto(row).total, 0),
        parts_cost: parts.reduce((sum, row) => sum + row.quantity * Number(row.cost), 0),
        parts_without_cost: parts.filter((row) => row.part_id === null).length,
      })
      .where('id', '=', ticketId)
      .execute();
  }

  async function history(trx: Transaction<DB>, actor: Actor, ticketId: number, change: HistoryChange) {
    await writeHistory(trx, [historyFor('ticket', ticketId, actor, isoNow(clock))(change)]);
  }

  async function read(ticketId: number, source: Kysely<DB> = db): Promise<TicketMoneyDto> {
    const [ticket, lines, payments, estimate] = await Promise.all([
      source
        .selectFrom('tickets')
        .leftJoin('payers', 'payers.id', 'tickets.payer_id')
        .select(['tickets.lines_total', 'tickets.paid', 'payers.id as payer_id', 'payers.name as payer_name'])
        .where('tickets.id', '=', ticketId)
        .executeTakeFirst(),
      readLines(source, ticketId),
      source.selectFrom('payments').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute(),
      readEstimateRow(source, ticketId),
    ]);
    if (!ticket) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
    const total = Number(ticket.lines_total);
    const paid = Number(ticket.paid);
    return {
      lines,
      payments: payments.map((row): PaymentDto => ({
        id: row.id,
        kind: row.kind === 'refund' ? 'refund' : 'payment',
        method: row.method as PaymentMethod,
        amount: Number(row.amount),
        note: row.note,
        userName: row.user_name,
        at: row.created_at,
      })),
      total,
      paid,
      due: amountDue(total, paid),
      estimate: estimateDto(estimate, lines),
      payer: ticket.payer_id === null ? null : { id: ticket.payer_id, name: ticket.payer_name ?? '' },
    };
  }

  /** The fresh money with a 409, so the screen shows what the other person saved. */
  async function stale(ticketId: number): Promise<never> {
    throw new AppError('conflict', STALE_LINE, { extra: { money: await read(ticketId) } });
  }

  return {
    read,

    async addLine(actor: Actor, ticketId: number, input: z.output<typeof ticketLineInput>) {
      await db.transaction().execute(async (trx) => {
        await openTicket(trx, ticketId);
        if (input.serviceId !== null) {
          const service = await trx
            .selectFrom('services')
            .select('id')
            .where('id', '=', input.serviceId)
            .executeTakeFirst();
          if (!service) throw new AppError('bad_request', SERVICE_NOT_FOUND);
        }
        const now = isoNow(clock);
        const stock =
          input.partId === null
            ? null
            : await reserveForLine(trx, actor, now, {
                partId: input.partId,
                quantity: input.quantity,
                ticketId,
              });
        await trx
          .insertInto('ticket_lines')
          .values({
            ticket_id: ticketId,
            kind: input.kind,
            name: input.name,
            service_id: input.serviceId,
            quantity: input.quantity,
            price: input.price,
            discount: input.discount,
            warranty_days: input.warrantyDays,
            created_at: now,
            updated_at: now,
            part_id: input.partId,
            stock_state: stock?.state ?? null,
            cost: stock?.cost ?? 0,
          })
          .execute();
        await saveLinesTotal(trx, ticketId);
        await history(trx, actor, ticketId, { action: 'add_line', newValue: describeLine(input) });
      });
      changed(ticketId);
      stockChanged(input.partId);
      return read(ticketId);
    },

    async editLine(
      actor: Actor,
      ticketId: number,
      lineId: number,
      patch: z.output<typeof ticketLinePatch>,
    ): Promise<TicketMoneyDto> {
      const outcome = await db.transaction().execute(async (trx) => {
        await openTicket(trx, ticketId);
        const row = await trx
          .selectFrom('ticket_lines')
          .selectAll()
          .where('id', '=', lineId)
          .where('ticket_id', '=', ticketId)
          .executeTakeFirst();
        if (!row) throw new AppError('not_found', LINE_NOT_FOUND);
        if (row.version !== patch.version) return 'stale' as const;
        const before = lineDto(row);
        const after = {
          ...before,
          ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
        } as TicketLineDto;
        if (after.quantity * after.price > MAX_KOPECKS) throw new AppError('bad_request', LINE_TOO_BIG);
        if (after.discount > after.quantity * after.price) {
          throw new AppError('bad_request', DISCOUNT_TOO_BIG);
        }
        if (row.part_id !== null && after.kind !== 'part') {
          throw new AppError('bad_request', STOCK_LINE_NOT_PART);
        }
        const now = isoNow(clock);
        await changeLineQuantity(trx, actor, now, ticketId, row, after.quantity);
        await trx
          .updateTable('ticket_lines')
          .set({
            kind: after.kind,
            name: after.name,
            quantity: after.quantity,
            price: after.price,
            discount: after.discount,
            warranty_days: after.warrantyDays,
            updated_at: now,
            version: row.version + 1,
          })
          .where('id', '=', lineId)
          .execute();
        await saveLinesTotal(trx, ticketId);
        const [from, to] = [describeLine(before), describeLine(after)];
        if (from !== to)
          await history(trx, actor, ticketId, { action: 'edit_line', oldValue: from, newValue: to });
        return row.part_id !== null && row.quantity !== after.quantity ? row.part_id : ('saved' as const);
      });
      if (outcome === 'stale') return stale(ticketId);
      changed(ticketId);
      if (outcome !== 'saved') stockChanged(outcome);
      return read(ticketId);
    },

    async deleteLine(actor: Actor, ticketId: number, lineId: number): Promise<TicketMoneyDto> {
      const partId = await db.transaction().execute(async (trx) => {
        await openTicket(trx, ticketId);
        const row = await trx
          .deleteFrom('ticket_lines')
          .where('id', '=', lineId)
          .where('ticket_id', '=', ticketId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('not_found', LINE_NOT_FOUND);
        await returnLine(trx, actor, isoNow(clock), ticketId, row);
        await saveLinesTotal(trx, ticketId);
        await history(trx, actor, ticketId, { action: 'delete_line', oldValue: describeLine(lineDto(row)) });
        return row.part_id;
      });
      changed(ticketId);
      stockChanged(partId);
      return read(ticketId);
    },

    /** «Кто платит»: a payer of the directory, or the client (null); held, so it cannot be deleted meanwhile. */
    async setPayer(actor: Actor, ticketId: number, payerId: number | null): Promise<TicketMoneyDto> {
      const changedPayer = await db.transaction().execute(async (trx) => {
        const ticket = await lockedTicket(trx, ticketId);
        if (ticket.status === 'closed') throw new AppError('conflict', PAYER_CLOSED);
        const before = await trx
          .selectFrom('tickets')
          .leftJoin('payers', 'payers.id', 'tickets.payer_id')
          .select(['tickets.payer_id', 'payers.name'])
          .where('tickets.id', '=', ticketId)
          .executeTakeFirstOrThrow();
        if (before.payer_id === payerId) return false;
        // Only the new payer is held (the old one cannot go while this ticket names it): holding
        // both would lock two payers in opposite orders when two tickets swap them.
        const to =
          payerId === null
            ? CLIENT_PAYS_LABEL
            : (
                await trx
                  .updateTable('payers')
                  .set({ version: sql<number>`version` })
                  .where('id', '=', payerId)
                  .returning('name')
                  .executeTakeFirst()
              )?.name;
        if (to === undefined) throw new AppError('bad_request', PAYER_NOT_FOUND);
        const from = before.payer_id === null ? CLIENT_PAYS_LABEL : (before.name ?? '');
        await trx.updateTable('tickets').set({ payer_id: payerId }).where('id', '=', ticketId).execute();
        await history(trx, actor, ticketId, { action: 'set_payer', oldValue: from, newValue: to });
        return true;
      });
      if (changedPayer) changed(ticketId);
      return read(ticketId);
    },

    /**
     * A payment or a refund. Allowed on a closed ticket too: a debt is often paid after the
     * device went home. A refund never takes back more than was paid.
     */
    async pay(actor: Actor, ticketId: number, input: z.output<typeof paymentInput>) {
      await db.transaction().execute(async (trx) => {
        const ticket = await lockedTicket(trx, ticketId);
        if (input.kind === 'refund' && input.amount > ticket.paid) {
          throw new AppError('conflict', REFUND_TOO_BIG);
        }
        const now = isoNow(clock);
        // Cash belongs to the cash desk's open shift, if one is open (held, so it cannot close meanwhile).
        const shiftId = input.method === 'cash' ? await lockedOpenShift(trx) : null;
        // Cash given back comes out of the drawer: no more than it should hold.
        if (input.kind === 'refund' && shiftId !== null && input.amount > (await drawerCash(trx, shiftId))) {
          throw new AppError('conflict', CASH_REFUND_TOO_BIG);
        }
        const payment = await trx
          .insertInto('payments')
          .values({
            shift_id: shiftId,
            ticket_id: ticketId,
            kind: input.kind,
            method: input.method,
            amount: input.amount,
            note: input.note,
            user_id: actor.id,
            user_name: actor.displayName,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const paid = ticket.paid + (input.kind === 'refund' ? -input.amount : input.amount);
        if (paid > MAX_TICKET_KOPECKS) throw new AppError('bad_request', TICKET_TOO_BIG);
        await trx.updateTable('tickets').set({ paid }).where('id', '=', ticketId).execute();
        await history(trx, actor, ticketId, {
          action: input.kind,
          newValue: `${formatRubles(input.amount)} · ${PAYMENT_METHOD_LABELS[input.method]}`,
          note: input.note,
        });
        if (input.kind === 'payment') await notices.queue(trx, 'payment', ticketId, String(payment.id));
      });
      changed(ticketId);
      notices.wake();
      // The cash desk and the day's takings follow every payment.
      events.publish({ entity: 'cash', id: null, op: 'update' });
      return read(ticketId);
    },
  };
}

export type TicketMoney = ReturnType<typeof createTicketMoney>;
