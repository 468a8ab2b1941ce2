import type { Kysely } from 'kysely';
import { COUNT_CHANGED, countBelowReservedMessage, type CountResult, type PartDto } from '../../domain/stock';
import { COUNT_REASON_REQUIRED, type countInput } from '../../domain/stock-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { partDto } from './parts.service';
import { changeStock, lockedPart, type StockActor } from './stock-change';

/** At most this many parts on one count sheet (MAX_STOCK_LINES × 4 in the schema). */
const SHEET_LIMIT = 2_000;

/**
 * Stocktaking (issue 51), one place at a time: the sheet lists what should be there, the person
 * counts, and each difference becomes an adjustment with the reason. The counts are judged
 * against what the person saw: if stock moved meanwhile, nothing is saved and the sheet must be
 * read again, since a count cannot tell which side of the move it was made on.
 */
export function createStockCounts({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  return {
    /** The parts of a place in name order (place '' is parts with no place). */
    async sheet(place: string): Promise<PartDto[]> {
      const rows = await db
        .selectFrom('parts')
        .selectAll()
        .where('place', '=', place)
        .orderBy('name_key')
        .orderBy('id')
        .limit(SHEET_LIMIT)
        .execute();
      return rows.map(partDto);
    },

    async record(by: StockActor, input: z.output<typeof countInput>): Promise<CountResult> {
      const result = await db.transaction().execute(async (trx) => {
        const lines = [...input.lines].sort((a, b) => a.partId - b.partId);
        const parts = [];
        for (const line of lines) parts.push(await lockedPart(trx, line.partId));
        const moved = parts.filter((part, i) => Number(part.on_hand) !== lines[i]?.expected);
        if (moved.length > 0) {
          throw new AppError('conflict', COUNT_CHANGED, { extra: { partIds: moved.map((part) => part.id) } });
        }
        const differences = parts.flatMap((part, i) => {
          const line = lines[i];
          return line && line.counted !== line.expected
            ? [{ partId: part.id, name: part.name, expected: line.expected, counted: line.counted, part }]
            : [];
        });
        if (differences.length > 0 && input.reason === '') {
          throw new AppError('bad_request', COUNT_REASON_REQUIRED);
        }
        for (const { part, counted } of differences) {
          if (counted < Number(part.reserved)) {
            throw new AppError('conflict', countBelowReservedMessage(part, Number(part.reserved)));
          }
        }
        const now = isoNow(clock);
        const count = await trx
          .insertInto('stock_counts')
          .values({
            place: input.place,
            note: input.reason,
            user_id: by.id,
            user_name: by.displayName,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('stock_count_lines')
          .values(
            lines.map((line) => ({
              count_id: count.id,
              part_id: line.partId,
              expected: line.expected,
              counted: line.counted,
            })),
          )
          .execute();
        for (const difference of differences) {
          await changeStock(trx, by, now, {
            partId: difference.partId,
            kind: 'adjusted',
            onHand: difference.counted - difference.expected,
            reserved: 0,
            countId: count.id,
            note: `Инвентаризация: ${input.reason}`,
          });
        }
        return {
          id: count.id,
          counted: lines.length,
          differences: differences.map(({ part: _part, ...rest }) => rest),
        };
      });
      events.publish({ entity: 'stock', id: null, op: 'update' });
      return result;
    },
  };
}

export type StockCounts = ReturnType<typeof createStockCounts>;
