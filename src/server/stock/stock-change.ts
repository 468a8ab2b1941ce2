import { sql, type Kysely, type Selectable } from 'kysely';
import {
  averageCost,
  notEnoughMessage,
  PART_NOT_FOUND,
  type MoveKind,
  type StockMoveDto,
} from '../../domain/stock';
import type { DB, PartsTable, StockMovesTable } from '../db/schema';
import { AppError } from '../errors';

/** Who moved stock: a person, or the system (a purge from the Корзина) with no id. */
export interface StockActor {
  id: number | null;
  displayName: string;
}

export interface StockChange {
  partId: number;
  kind: MoveKind;
  /** Change of what is on the shelf. */
  onHand: number;
  /** Change of what repairs hold. */
  reserved: number;
  /** Goods arriving (or a receipt reversed) at this unit cost: the average follows. */
  unitCost?: number;
  ticketId?: number | null;
  receiptId?: number | null;
  countId?: number | null;
  note?: string;
  /** The message when the shelf cannot give it; by default «Не хватает на складе…». */
  shortMessage?: (part: PartRow, available: number) => string;
}

export type PartRow = Selectable<PartsTable>;

/**
 * The one way stock changes. Holds the part's row first (a no-op update: PostgreSQL makes the
 * next writer wait and re-read, SQLite runs one writer at a time), checks the change against
 * the quantities every earlier change committed, then writes the part and its move together.
 * Of two repairs taking the last unit, the second finds none and gets a Russian message; the
 * CHECK on `parts` stands behind this should any write ever skip it.
 */
export async function changeStock(
  trx: Kysely<DB>,
  by: StockActor,
  at: string,
  change: StockChange,
): Promise<PartRow> {
  const part = await lockedPart(trx, change.partId);
  const onHand = Number(part.on_hand) + change.onHand;
  const reserved = Number(part.reserved) + change.reserved;
  if (onHand < 0 || reserved < 0 || reserved > onHand) {
    const available = Number(part.on_hand) - Number(part.reserved);
    const message = (change.shortMessage ?? notEnoughMessage)(part, Math.max(0, available));
    throw new AppError('conflict', message, { extra: { partId: part.id, available } });
  }
  const costs =
    change.unitCost === undefined
      ? {}
      : {
          avg_cost: averageCost(Number(part.on_hand), Number(part.avg_cost), change.onHand, change.unitCost),
          ...(change.onHand > 0 ? { last_cost: change.unitCost } : {}),
        };
  const updated = await trx
    .updateTable('parts')
    .set({ on_hand: onHand, reserved, ...costs })
    .where('id', '=', part.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('stock_moves')
    .values({
      part_id: part.id,
      kind: change.kind,
      on_hand_change: change.onHand,
      reserved_change: change.reserved,
      on_hand_after: onHand,
      reserved_after: reserved,
      ticket_id: change.ticketId ?? null,
      receipt_id: change.receiptId ?? null,
      count_id: change.countId ?? null,
      note: change.note ?? '',
      user_id: by.id,
      user_name: by.displayName,
      created_at: at,
    })
    .execute();
  return updated;
}

/** A part's row, held for the rest of the transaction. */
export async function lockedPart(trx: Kysely<DB>, id: number): Promise<PartRow> {
  const part = await trx
    .updateTable('parts')
    .set({ on_hand: sql<number>`on_hand` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!part) throw new AppError('bad_request', PART_NOT_FOUND);
  return part;
}

export function moveDto(row: Selectable<StockMovesTable>): StockMoveDto {
  return {
    id: row.id,
    kind: row.kind as StockMoveDto['kind'],
    onHandChange: row.on_hand_change,
    reservedChange: row.reserved_change,
    onHandAfter: row.on_hand_after,
    reservedAfter: row.reserved_after,
    ticketId: row.ticket_id,
    receiptId: row.receipt_id,
    countId: row.count_id,
    note: row.note,
    userName: row.user_name,
    at: row.created_at,
  };
}
