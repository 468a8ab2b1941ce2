import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Page } from '../../domain/page';
import { normalizeSearchText } from '../../domain/search-text';
import {
  BARCODE_TAKEN,
  inStoreBarcode,
  LOW_STOCK_LIMIT,
  PART_HAS_MOVES,
  PART_NOT_FOUND,
  partSearchText,
  STALE_PART,
  type PartDto,
  type StockMoveDto,
} from '../../domain/stock';
import type { partInput, partListQuery, partPatch } from '../../domain/stock-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import { decodeCursor, encodeCursor, isRecordId } from '../db/cursor';
import { containsPattern } from '../db/paging';
import type { DialectName } from '../db/dialect-name';
import type { DB, PartsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { lockedPart, moveDto } from './stock-change';
import { hasControlCharacter } from '../../domain/input-text';

const PAGE = 50;
const MOVES_PAGE = 50;

export function partDto(row: Selectable<PartsTable>): PartDto {
  const onHand = Number(row.on_hand);
  const reserved = Number(row.reserved);
  return {
    id: row.id,
    name: row.name,
    article: row.article,
    barcode: row.barcode,
    models: row.models,
    unit: row.unit,
    price: Number(row.price),
    lastCost: Number(row.last_cost),
    avgCost: Number(row.avg_cost),
    onHand,
    reserved,
    available: onHand - reserved,
    minQty: Number(row.min_qty),
    place: row.place,
    version: row.version,
  };
}

/** The columns a part's text fields are stored in, with the folded forms lists read. */
export function partColumns(part: {
  name: string;
  article: string;
  barcode: string | null;
  models: string;
  place: string;
}) {
  return { name_key: normalizeSearchText(part.name), search: partSearchText(part) };
}

const barcodeTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('conflict', BARCODE_TAKEN);
  throw error;
};

/** The shop's own code for a part: the first try no other part has taken. */
export async function freeInStoreBarcode(db: Kysely<DB>, id: number): Promise<string> {
  for (let attempt = 0; attempt < 9; attempt += 1) {
    const code = inStoreBarcode(id, attempt);
    const taken = await db
      .selectFrom('parts')
      .select('id')
      .where('barcode', '=', code)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (!taken) return code;
  }
  return inStoreBarcode(id, 9);
}

/** Below the minimum: on the shelf and free, no more than the minimum the shop set. */
export const isLowStock = sql<boolean>`min_qty > 0 and on_hand - reserved <= min_qty`;

/** Parts at or below their minimum, the emptiest (against its minimum) first. */
export async function lowParts(db: Kysely<DB>, limit: number): Promise<PartDto[]> {
  const rows = await db
    .selectFrom('parts')
    .selectAll()
    .where(isLowStock)
    .orderBy(sql`on_hand - reserved - min_qty`)
    .orderBy('name_key')
    .limit(limit)
    .execute();
  return rows.map(partDto);
}

/**
 * The catalogue of parts (issue 51): found by any fragment of name, article, barcode, models or
 * place, in name order, a page at a time. Quantities change only through stock-change.ts.
 */
export function createParts({
  db,
  dialect,
  clock,
  events,
}: {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  events: EventBus;
}) {
  const changed = (id: number | null) => events.publish({ entity: 'stock', id, op: 'update' });

  async function get(id: number): Promise<PartDto> {
    const row = await db.selectFrom('parts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', PART_NOT_FOUND);
    return partDto(row);
  }

  return {
    get,

    async list(query: z.output<typeof partListQuery>): Promise<Page<PartDto>> {
      const limit = query.limit ?? PAGE;
      const after = decodeCursor(query.cursor, ([key, id]) =>
        typeof key === 'string' && key.length <= 400 && !hasControlCharacter(key, false) && isRecordId(id)
          ? { key, id }
          : undefined,
      );
      const text = normalizeSearchText(query.q ?? '');
      const matches = sql<boolean>`search like ${containsPattern(text)} escape '\\'`;
      // PostgreSQL, three letters or more: the trigram index finds the matches, and only their
      // sort keys are sorted before the page's rows are read. Left to itself the planner walks
      // the name order testing each part, most of the catalogue for a common word. Shorter text
      // has no trigram to look up: the walk it is (docs/benchmarks.md, bench:stock).
      const byTrigrams = dialect === 'postgres' && text.length >= 3;
      const all = (conditions: RawBuilder<boolean>[]) =>
        conditions.length > 0 ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`1 = 1`;
      const filters = [
        ...(query.low ? [isLowStock] : []),
        ...(query.place !== undefined ? [sql<boolean>`place = ${query.place}`] : []),
      ];
      const position = after ? [sql<boolean>`(name_key, id) > (${after.key}, ${after.id})`] : [];
      const where = all([...(text !== '' && !byTrigrams ? [matches] : []), ...filters, ...position]);
      const rows = byTrigrams
        ? await db
            .with(
              (cte) => cte('found').materialized(),
              (found) =>
                found
                  .selectFrom('parts')
                  .select(['id', 'name_key'])
                  .where(all([matches, ...filters])),
            )
            .with('page', (page) =>
              page
                .selectFrom('found')
                .select(['id', 'name_key'])
                .where(all(position))
                .orderBy('name_key')
                .orderBy('id')
                .limit(limit + 1),
            )
            .selectFrom('page')
            .innerJoin('parts', 'parts.id', 'page.id')
            .selectAll('parts')
            .orderBy('page.name_key')
            .orderBy('page.id')
            .execute()
        : await db
            .selectFrom('parts')
            .selectAll()
            .where(where)
            .orderBy('name_key')
            .orderBy('id')
            .limit(limit + 1)
            .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(partDto),
        nextCursor: rows.length > limit && last ? encodeCursor([last.name_key, last.id]) : null,
      };
    },

    /** A scanned or typed code: the part whose barcode it is, or null. */
    async byBarcode(code: string): Promise<PartDto | null> {
      const row = await db
        .selectFrom('parts')
        .selectAll()
        .where('barcode', '=', code.trim())
        .executeTakeFirst();
      return row ? partDto(row) : null;
    },

    /** «Заканчивается»: at or below the minimum, the emptiest first; at most LOW_STOCK_LIMIT. */
    low: () => lowParts(db, LOW_STOCK_LIMIT),

    /** The shop's places, with how many parts each holds (stocktaking goes by place). */
    async places(): Promise<{ place: string; parts: number }[]> {
      const rows = await db
        .selectFrom('parts')
        .select(['place', (eb) => eb.fn.countAll<number>().as('parts')])
        .groupBy('place')
        .orderBy('place')
        .execute();
      return rows.map((row) => ({ place: row.place, parts: Number(row.parts) }));
    },

    async create(input: z.output<typeof partInput>): Promise<PartDto> {
      const now = isoNow(clock);
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const inserted = await trx
            .insertInto('parts')
            .values({
              name: input.name,
              article: input.article,
              barcode: input.barcode,
              models: input.models,
              unit: input.unit,
              price: input.price,
              min_qty: input.minQty,
              place: input.place,
              ...partColumns(input),
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (inserted.barcode !== null) return inserted;
          // No maker's code: the shop's own, so the label still scans (another try if a part
          // brought that very code from elsewhere).
          const barcode = await freeInStoreBarcode(trx, inserted.id);
          return trx
            .updateTable('parts')
            .set({ barcode, search: partSearchText({ ...input, barcode }) })
            .where('id', '=', inserted.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        })
        .catch(barcodeTaken);
      changed(row.id);
      return partDto(row);
    },

    async update(id: number, patch: z.output<typeof partPatch>): Promise<PartDto> {
      const current = await get(id);
      const stale = async () =>
        new AppError('conflict', STALE_PART, { extra: { part: await get(id).catch(() => current) } });
      if (current.version !== patch.version) throw await stale();
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const next = { ...current, ...defined } as PartDto;
      // A cleared barcode gives the part the shop's own code back.
      const barcode = next.barcode ?? (await freeInStoreBarcode(db, id));
      const row = await db
        .updateTable('parts')
        .set({
          name: next.name,
          article: next.article,
          barcode,
          models: next.models,
          unit: next.unit,
          price: next.price,
          min_qty: next.minQty,
          place: next.place,
          ...partColumns({ ...next, barcode }),
          updated_at: isoNow(clock),
          version: current.version + 1,
        })
        .where('id', '=', id)
        .where('version', '=', current.version)
        .returningAll()
        .executeTakeFirst()
        .catch(barcodeTaken);
      if (!row) throw await stale();
      changed(id);
      return partDto(row);
    },

    /** Only a part nothing has happened to yet: its moves are the stock's history. */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Held: a receipt or a repair taking it meanwhile waits, then finds it gone.
        await lockedPart(trx, id).catch(() => {
          throw new AppError('not_found', PART_NOT_FOUND);
        });
        const used = await trx
          .selectFrom('stock_moves')
          .select('id')
          .where('part_id', '=', id)
          .union(trx.selectFrom('stock_count_lines').select('id').where('part_id', '=', id))
          .union(trx.selectFrom('ticket_lines').select('id').where('part_id', '=', id))
          .limit(1)
          .executeTakeFirst();
        if (used) throw new AppError('conflict', PART_HAS_MOVES);
        const result = await trx.deleteFrom('parts').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', PART_NOT_FOUND);
      });
      changed(id);
    },

    /** A part's moves, newest first, a page before the move `before`. */
    async moves(id: number, before?: number): Promise<Page<StockMoveDto>> {
      await get(id);
      let select = db.selectFrom('stock_moves').selectAll().where('part_id', '=', id);
      if (before !== undefined) select = select.where('id', '<', before);
      const rows = await select
        .orderBy('id', 'desc')
        .limit(MOVES_PAGE + 1)
        .execute();
      const page = rows.slice(0, MOVES_PAGE);
      return {
        items: page.map(moveDto),
        nextCursor: rows.length > MOVES_PAGE ? String(page.at(-1)?.id) : null,
      };
    },
  };
}

export type Parts = ReturnType<typeof createParts>;
