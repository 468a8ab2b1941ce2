import type { Kysely, Selectable } from 'kysely';
import { MAX_TICKET_KOPECKS } from '../../domain/money';
import type { Page } from '../../domain/page';
import {
  NO_SUPPLIER_LABEL,
  RECEIPT_ALREADY_REVERSED,
  RECEIPT_NOT_FOUND,
  REVERSAL_NOT_REVERSIBLE,
  reversalShortMessage,
  SUPPLIER_NOT_FOUND,
  type ReceiptDto,
} from '../../domain/stock';
import type { receiptInput } from '../../domain/stock-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import { decodeCreatedCursor, olderThan, toPage } from '../db/paging';
import type { DB, StockReceiptsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { changeStock, type StockActor } from './stock-change';

export const RECEIPT_TOO_BIG = 'Сумма поступления слишком велика: проверьте количество и цены';
const PAGE = 30;
/** Lines per insert: far inside both databases' limits on bound values. */
const LINE_CHUNK = 400;
/** A receipt in the list shows this many lines and says how many there are. */
const LIST_LINES = 20;

type ReceiptRow = Selectable<StockReceiptsTable> & { reversed_by_id: number | null };

/**
 * Goods received (issue 51): each line raises a part's stock and its average cost. Nothing is
 * edited or deleted; a mistake is undone by a reversal receipt with the same lines negative.
 */
/** The unit cost of a part's latest receipt that still stands; 0 when none does. */
async function lastCostOf(trx: Kysely<DB>, partId: number): Promise<number> {
  const row = await trx
    .selectFrom('stock_receipt_lines as l')
    .innerJoin('stock_receipts as r', 'r.id', 'l.receipt_id')
    .leftJoin('stock_receipts as back', 'back.reverses_id', 'r.id')
    .select('l.cost')
    .where('l.part_id', '=', partId)
    .where('l.quantity', '>', 0)
    .where('back.id', 'is', null)
    .orderBy('l.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.cost ?? 0);
}

export function createReceipts({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = () => events.publish({ entity: 'stock', id: null, op: 'update' });

  const receiptRows = (source: Kysely<DB>) =>
    source
      .selectFrom('stock_receipts as r')
      .leftJoin('stock_receipts as back', 'back.reverses_id', 'r.id')
      .selectAll('r')
      .select('back.id as reversed_by_id');

  /** A receipt's lines in their order: all of them, or the first `limit`. */
  async function linesOf(source: Kysely<DB>, id: number, limit?: number) {
    let query = source
      .selectFrom('stock_receipt_lines as l')
      .innerJoin('parts', 'parts.id', 'l.part_id')
      .select(['l.receipt_id', 'l.part_id', 'parts.name', 'l.quantity', 'l.cost'])
      .where('l.receipt_id', '=', id)
      .orderBy('l.id');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  async function lineCount(source: Kysely<DB>, id: number): Promise<number> {
    const row = await source
      .selectFrom('stock_receipt_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('receipt_id', '=', id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  function toDto(
    row: ReceiptRow,
    lines: Awaited<ReturnType<typeof linesOf>>,
    count = lines.length,
  ): ReceiptDto {
    return {
      id: row.id,
      supplierId: row.supplier_id,
      supplierName: row.supplier_name,
      note: row.note,
      total: Number(row.total),
      reversesId: row.reverses_id,
      reversedById: row.reversed_by_id,
      userName: row.user_name,
      at: row.created_at,
      lineCount: count,
      lines: lines.map((line) => ({
        partId: line.part_id,
        partName: line.name,
        quantity: line.quantity,
        cost: Number(line.cost),
      })),
    };
  }

  async function get(id: number, source: Kysely<DB> = db): Promise<ReceiptDto> {
    const row = await receiptRows(source).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', RECEIPT_NOT_FOUND);
    return toDto(row, await linesOf(source, id));
  }

  /** Writes a receipt and moves its stock, in the caller's transaction. */
  async function record(
    trx: Kysely<DB>,
    by: StockActor,
    input: z.output<typeof receiptInput> & { reversesId?: number; supplierName?: string },
  ): Promise<number> {
    const now = isoNow(clock);
    const supplier =
      input.supplierId === null
        ? null
        : await trx
            .selectFrom('suppliers')
            .select(['id', 'name'])
            .where('id', '=', input.supplierId)
            .executeTakeFirst();
    if (input.supplierId !== null && !supplier) throw new AppError('bad_request', SUPPLIER_NOT_FOUND);
    const total = input.lines.reduce((sum, line) => sum + line.quantity * line.cost, 0);
    // A reversal undoes whatever was received (the import's opening stock is not capped).
    if (input.reversesId === undefined && total > MAX_TICKET_KOPECKS) {
      throw new AppError('bad_request', RECEIPT_TOO_BIG);
    }
    const receipt = await trx
      .insertInto('stock_receipts')
      .values({
        supplier_id: supplier?.id ?? null,
        supplier_name: input.supplierName ?? supplier?.name ?? NO_SUPPLIER_LABEL,
        note: input.note,
        total,
        reverses_id: input.reversesId ?? null,
        user_id: by.id,
        user_name: by.displayName,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // In part order, so two receipts sharing parts hold them in the same order; a part that is
    // not in the catalogue (deleted meanwhile) is refused here, before any line refers to it.
    const ordered = [...input.lines].sort((a, b) => a.partId - b.partId);
    for (const line of ordered) {
      await changeStock(trx, by, now, {
        partId: line.partId,
        kind: line.quantity > 0 ? 'received' : 'reversed',
        onHand: line.quantity,
        reserved: 0,
        unitCost: line.cost,
        receiptId: receipt.id,
        note: input.note,
        shortMessage: (part, available) => reversalShortMessage(part, available, -line.quantity),
      });
    }
    for (let i = 0; i < input.lines.length; i += LINE_CHUNK) {
      await trx
        .insertInto('stock_receipt_lines')
        .values(
          input.lines.slice(i, i + LINE_CHUNK).map((line) => ({
            receipt_id: receipt.id,
            part_id: line.partId,
            quantity: line.quantity,
            cost: line.cost,
          })),
        )
        .execute();
    }
    return receipt.id;
  }

  return {
    get,
    record,

    async create(by: StockActor, input: z.output<typeof receiptInput>): Promise<ReceiptDto> {
      const id = await db.transaction().execute((trx) => record(trx, by, input));
      changed();
      return get(id);
    },

    /** Undoes a receipt: its lines go back out, if the shelf still has them free. */
    async reverse(by: StockActor, id: number, reason: string): Promise<ReceiptDto> {
      const reversalId = await db
        .transaction()
        .execute(async (trx) => {
          const original = await get(id, trx);
          if (original.reversesId !== null) throw new AppError('conflict', REVERSAL_NOT_REVERSIBLE);
          if (original.reversedById !== null) throw new AppError('conflict', RECEIPT_ALREADY_REVERSED);
          const reversal = await record(trx, by, {
            supplierId: original.supplierId,
            supplierName: original.supplierName,
            note: reason,
            reversesId: id,
            lines: original.lines.map((line) => ({ ...line, quantity: -line.quantity })),
          });
          // «Последняя закупка» goes back to the receipt before the one undone (a mistyped price
          // would otherwise live on in the next receipt's form and the purchase list).
          for (const partId of new Set(original.lines.map((line) => line.partId))) {
            await trx
              .updateTable('parts')
              .set({ last_cost: await lastCostOf(trx, partId) })
              .where('id', '=', partId)
              .execute();
          }
          return reversal;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('conflict', RECEIPT_ALREADY_REVERSED);
          throw error;
        });
      changed();
      return get(reversalId);
    },

    async list(cursor?: string): Promise<Page<ReceiptDto>> {
      const after = decodeCreatedCursor(cursor);
      let select = receiptRows(db);
      if (after) select = select.where(olderThan(after, 'r'));
      const rows = await select
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(PAGE + 1)
        .execute();
      // A receipt of thousands of lines (an imported catalogue) lists its first few.
      const shown = await Promise.all(
        rows.slice(0, PAGE).map(async (row) => {
          const [lines, count] = await Promise.all([linesOf(db, row.id, LIST_LINES), lineCount(db, row.id)]);
          return toDto(row, lines, count);
        }),
      );
      return toPage(rows, PAGE, (row) => shown.find((receipt) => receipt.id === row.id) as ReceiptDto);
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
