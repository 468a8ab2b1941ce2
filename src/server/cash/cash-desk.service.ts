import type { Kysely, Selectable } from 'kysely';
import {
  CASH_OUT_TOO_BIG,
  DIFFERENCE_REASON_REQUIRED,
  expectedCash,
  NO_OPEN_SHIFT,
  SHIFT_ALREADY_OPEN,
  SHIFT_NOT_FOUND,
  STALE_SHIFT,
  type CashEntryDto,
  type CashMoveKind,
  type CashShiftDto,
  type CashShiftReportDto,
  type CashTotals,
} from '../../domain/cash-desk';
import type { cashMoveInput, closeShiftInput, openShiftInput } from '../../domain/cash-desk-schemas';
import type { Page } from '../../domain/page';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import type { CashShiftsTable, DB } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { Actor } from '../http/actor';
import { lockedOpenShift } from './open-shift-lock';

type ShiftRow = Selectable<CashShiftsTable>;

async function totalsOf(source: Kysely<DB>, shiftId: number): Promise<CashTotals> {
  const [payments, moves] = await Promise.all([
    source
      .selectFrom('payments')
      .select(['kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
      .where('shift_id', '=', shiftId)
      .groupBy('kind')
      .execute(),
    source
      .selectFrom('cash_moves')
      .select(['kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
      .where('shift_id', '=', shiftId)
      .groupBy('kind')
      .execute(),
  ]);
  const sum = (rows: { kind: string; sum: string | number }[], kind: string) =>
    Number(rows.find((row) => row.kind === kind)?.sum ?? 0);
  return {
    payments: sum(payments, 'payment'),
    refunds: sum(payments, 'refund'),
    cashIn: sum(moves, 'in'),
    cashOut: sum(moves, 'out'),
  };
}

/** What the open shift's drawer should hold now, inside the transaction that holds the shift. */
export async function drawerCash(source: Kysely<DB>, shiftId: number): Promise<number> {
  const row = await source
    .selectFrom('cash_shifts')
    .select('opening_cash')
    .where('id', '=', shiftId)
    .executeTakeFirstOrThrow();
  return expectedCash(Number(row.opening_cash), await totalsOf(source, shiftId));
}

function shiftDto(row: ShiftRow, totals: CashTotals): CashShiftDto {
  const open = row.closed_at === null;
  const expected = open ? expectedCash(Number(row.opening_cash), totals) : Number(row.expected_cash);
  const counted = row.counted_cash === null ? null : Number(row.counted_cash);
  return {
    id: row.id,
    openedAt: row.opened_at,
    openedByName: row.opened_by_name,
    openingCash: Number(row.opening_cash),
    closedAt: row.closed_at,
    closedByName: row.closed_by_name,
    totals,
    expectedCash: expected,
    countedCash: counted,
    difference: counted === null ? null : counted - expected,
    note: row.note,
    version: row.version,
  };
}

export const SHIFTS_PAGE = 20;

/** The cash desk (issue 50): shifts, cash put in and taken out, and each shift's report. */
export function createCashDesk({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = (id: number) => events.publish({ entity: 'cash', id, op: 'update' });

  async function report(shiftId: number, source: Kysely<DB> = db): Promise<CashShiftReportDto> {
    const row = await source
      .selectFrom('cash_shifts')
      .selectAll()
      .where('id', '=', shiftId)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', SHIFT_NOT_FOUND);
    const [totals, payments, moves] = await Promise.all([
      totalsOf(source, shiftId),
      source
        .selectFrom('payments')
        .select(['kind', 'amount', 'note', 'user_name', 'created_at', 'ticket_id', 'id'])
        .where('shift_id', '=', shiftId)
        .execute(),
      source
        .selectFrom('cash_moves')
        .select(['kind', 'amount', 'reason', 'user_name', 'created_at', 'id'])
        .where('shift_id', '=', shiftId)
        .execute(),
    ]);
    const entries: (CashEntryDto & { order: string })[] = [
      ...payments.map((p) => ({
        kind: p.kind === 'refund' ? ('refund' as const) : ('payment' as const),
        amount: Number(p.amount),
        reason: p.note,
        userName: p.user_name,
        at: p.created_at,
        ticketId: p.ticket_id,
        order: `${p.created_at}p${String(p.id).padStart(12, '0')}`,
      })),
      ...moves.map((m) => ({
        kind: m.kind as CashMoveKind,
        amount: Number(m.amount),
        reason: m.reason,
        userName: m.user_name,
        at: m.created_at,
        ticketId: null,
        order: `${m.created_at}m${String(m.id).padStart(12, '0')}`,
      })),
    ];
    entries.sort((a, b) => a.order.localeCompare(b.order));
    return { ...shiftDto(row, totals), entries: entries.map(({ order: _order, ...entry }) => entry) };
  }

  async function openShiftId(): Promise<number | null> {
    const row = await db.selectFrom('cash_shifts').select('id').where('open_mark', '=', 1).executeTakeFirst();
    return row?.id ?? null;
  }

  return {
    report,

    /** Whether a shift is open: the payment dialog warns of cash taken with none (anyone may ask). */
    async isOpen(): Promise<boolean> {
      return (await openShiftId()) !== null;
    },

    async current(): Promise<CashShiftReportDto | null> {
      const id = await openShiftId();
      return id === null ? null : report(id);
    },

    async open(actor: Actor, input: z.output<typeof openShiftInput>): Promise<CashShiftReportDto> {
      try {
        const row = await db
          .insertInto('cash_shifts')
          .values({
            open_mark: 1,
            opened_at: isoNow(clock),
            opened_by_name: actor.displayName,
            opening_cash: input.openingCash,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        changed(row.id);
        return report(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', SHIFT_ALREADY_OPEN);
        throw error;
      }
    },

    /** Cash put in or taken out of the open shift; never more out than the drawer should hold. */
    async move(actor: Actor, input: z.output<typeof cashMoveInput>): Promise<CashShiftReportDto> {
      const shiftId = await db.transaction().execute(async (trx) => {
        const id = await lockedOpenShift(trx);
        if (id === null) throw new AppError('conflict', NO_OPEN_SHIFT);
        if (input.kind === 'out' && input.amount > (await drawerCash(trx, id))) {
          throw new AppError('conflict', CASH_OUT_TOO_BIG);
        }
        await trx
          .insertInto('cash_moves')
          .values({
            shift_id: id,
            kind: input.kind,
            amount: input.amount,
            reason: input.reason,
            user_id: actor.id,
            user_name: actor.displayName,
            created_at: isoNow(clock),
          })
          .execute();
        return id;
      });
      changed(shiftId);
      return report(shiftId);
    },

    /** Closes the open shift with the cash counted; the expected sum is kept as the report says. */
    async close(
      actor: Actor,
      shiftId: number,
      input: z.output<typeof closeShiftInput>,
    ): Promise<CashShiftReportDto> {
      const outcome = await db.transaction().execute(async (trx) => {
        const id = await lockedOpenShift(trx);
        const row = await trx
          .selectFrom('cash_shifts')
          .selectAll()
          .where('id', '=', shiftId)
          .executeTakeFirst();
        if (!row) throw new AppError('not_found', SHIFT_NOT_FOUND);
        if (id !== shiftId || row.version !== input.version) return 'stale' as const;
        const expected = expectedCash(Number(row.opening_cash), await totalsOf(trx, shiftId));
        if (input.countedCash !== expected && input.note === '') {
          throw new AppError('bad_request', DIFFERENCE_REASON_REQUIRED);
        }
        await trx
          .updateTable('cash_shifts')
          .set({
            open_mark: null,
            closed_at: isoNow(clock),
            closed_by_name: actor.displayName,
            expected_cash: expected,
            counted_cash: input.countedCash,
            note: input.note,
            version: row.version + 1,
          })
          .where('id', '=', shiftId)
          .execute();
        return 'closed' as const;
      });
      if (outcome === 'stale') {
        throw new AppError('conflict', STALE_SHIFT, { extra: { shift: await report(shiftId) } });
      }
      changed(shiftId);
      return report(shiftId);
    },

    /** Shifts, the newest first, a page at a time (`cursor`: the last id seen). */
    async list(cursor: number | null): Promise<Page<CashShiftDto>> {
      let query = db
        .selectFrom('cash_shifts')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(SHIFTS_PAGE + 1);
      if (cursor !== null) query = query.where('id', '<', cursor);
      const rows = await query.execute();
      const page = rows.slice(0, SHIFTS_PAGE);
      const items = await Promise.all(page.map(async (row) => shiftDto(row, await totalsOf(db, row.id))));
      return {
        items,
        nextCursor: rows.length > SHIFTS_PAGE ? String(page.at(-1)!.id) : null,
      };
    },
  };
}

export type CashDesk = ReturnType<typeof createCashDesk>;
