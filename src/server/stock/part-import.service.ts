import { sql, type Kysely } from 'kysely';
import { readPartRows, type ParsedPartRow } from '../../domain/part-import';
import { normalizeSearchText } from '../../domain/search-text';
import {
  BARCODE_TAKEN,
  inStoreBarcode,
  NO_SUPPLIER_LABEL,
  type ImportReport,
  type ImportRowStatus,
} from '../../domain/stock';
import { type Clock, isoNow } from '../clock';
import type { Database } from '../db/database';
import { reserveIds } from '../db/reserve-ids';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { partColumns } from './parts.service';
import type { StockActor } from './stock-change';

const REPORT_ROWS = 500;

/** The shop's own code for a new part, none of the catalogue's or the file's (which it joins). */
function ownCode(id: number, barcodes: Set<string>): string {
  let attempt = 0;
  let code = inStoreBarcode(id);
  while (barcodes.has(code) && attempt < 9) code = inStoreBarcode(id, (attempt += 1));
  barcodes.add(code);
  return code;
}
const CHUNK = 400;
/** PostgreSQL: one catalogue import at a time, so two people loading one file add it once. */
const IMPORT_LOCK = 5_100_051;

/**
 * The catalogue from CSV (issue 51). A dry run reports row by row what would happen; the real
 * run adds the new parts with their opening stock in one transaction, as one receipt «Импорт
 * каталога» (reversible like any other). A part already in the catalogue — the same barcode, the
 * same article, or, with neither, the same name — is skipped, so running a file again adds nothing.
 */
export function createPartImport({
  database,
  clock,
  events,
}: {
  database: Database;
  clock: Clock;
  events: EventBus;
}) {
  const { db, dialect } = database;

  async function plan(source: Kysely<DB>, rows: ParsedPartRow[]) {
    const known = await source.selectFrom('parts').select(['barcode', 'article', 'name_key']).execute();
    const barcodes = new Set(known.flatMap((part) => (part.barcode ? [part.barcode] : [])));
    const articles = new Set(
      known.flatMap((part) => (part.article ? [normalizeSearchText(part.article)] : [])),
    );
    const names = new Set(known.filter((part) => part.article === '').map((part) => part.name_key));
    const entries = rows.map((row) => {
      if (!row.part) return { row, status: 'error' as const, message: row.error ?? '' };
      const { barcode, article, name } = row.part;
      const articleKey = normalizeSearchText(article);
      const nameKey = normalizeSearchText(name);
      let message = '';
      if (barcode !== null && barcodes.has(barcode)) message = `Штрихкод ${barcode} уже в каталоге`;
      else if (articleKey !== '' && articles.has(articleKey)) message = `Артикул ${article} уже в каталоге`;
      else if (articleKey === '' && barcode === null && names.has(nameKey)) message = 'Уже в каталоге';
      if (message !== '') return { row, status: 'skip' as const, message };
      if (barcode !== null) barcodes.add(barcode);
      if (articleKey !== '') articles.add(articleKey);
      else names.add(nameKey);
      return { row, status: 'add' as const, message: '' };
    });
    return { entries, barcodes };
  }

  async function add(
    trx: Kysely<DB>,
    by: StockActor,
    rows: ParsedPartRow[],
    barcodes: Set<string>,
  ): Promise<number | null> {
    const now = isoNow(clock);
    const ids = await reserveIds(trx, dialect, 'parts', rows.length);
    const values = rows.map((row, i) => {
      const part = row.part!;
      const id = ids[i]!;
      const barcode = part.barcode ?? ownCode(id, barcodes);
      return {
        id,
        name: part.name,
        article: part.article,
        barcode,
        models: part.models,
        unit: part.unit,
        price: part.price,
        min_qty: part.minQty,
        place: part.place,
        on_hand: row.quantity,
        last_cost: row.cost,
        avg_cost: row.cost,
        ...partColumns({ ...part, barcode }),
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < values.length; i += CHUNK) {
      await trx
        .insertInto('parts')
        .values(values.slice(i, i + CHUNK))
        .execute();
    }
    const stocked = values.filter((part) => part.on_hand > 0);
    if (stocked.length === 0) return null;
    const receipt = await trx
      .insertInto('stock_receipts')
      .values({
        supplier_id: null,
        supplier_name: NO_SUPPLIER_LABEL,
        note: 'Импорт каталога',
        total: stocked.reduce((sum, part) => sum + part.on_hand * part.last_cost, 0),
        reverses_id: null,
        user_id: by.id,
        user_name: by.displayName,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < stocked.length; i += CHUNK) {
      const chunk = stocked.slice(i, i + CHUNK);
      await trx
        .insertInto('stock_receipt_lines')
        .values(
          chunk.map((part) => ({
            receipt_id: receipt.id,
            part_id: part.id,
            quantity: part.on_hand,
            cost: part.last_cost,
          })),
        )
        .execute();
      await trx
        .insertInto('stock_moves')
        .values(
          chunk.map((part) => ({
            part_id: part.id,
            kind: 'received',
            on_hand_change: part.on_hand,
            reserved_change: 0,
            on_hand_after: part.on_hand,
            reserved_after: 0,
            receipt_id: receipt.id,
            note: 'Импорт каталога',
            user_id: by.id,
            user_name: by.displayName,
            created_at: now,
          })),
        )
        .execute();
    }
    return receipt.id;
  }

  return {
    async run(by: StockActor, csv: string, dryRun: boolean): Promise<ImportReport> {
      const parsed = readPartRows(csv);
      if ('error' in parsed) throw new AppError('bad_request', parsed.error);
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          if (dialect === 'postgres' && !dryRun)
            await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
          const { entries: planned, barcodes } = await plan(trx, parsed.rows);
          const adding = planned.filter((entry) => entry.status === 'add').map((entry) => entry.row);
          const receiptId = dryRun || adding.length === 0 ? null : await add(trx, by, adding, barcodes);
          return { planned, receiptId };
        })
        .catch((error: unknown) => {
          // A part added by hand meanwhile with a code the file brings too.
          if (isUniqueViolation(error)) throw new AppError('conflict', BARCODE_TAKEN);
          throw error;
        });
      const { planned, receiptId } = outcome;
      const count = (status: ImportRowStatus) => planned.filter((entry) => entry.status === status).length;
      const report: ImportReport = {
        dryRun,
        added: count('add'),
        skipped: count('skip'),
        errors: count('error'),
        rows: [
          ...planned.filter((entry) => entry.status !== 'add'),
          ...planned.filter((entry) => entry.status === 'add'),
        ]
          .slice(0, REPORT_ROWS)
          .sort((a, b) => a.row.line - b.row.line)
          .map(({ row, status, message }) => ({ line: row.line, name: row.name, status, message })),
        receiptId,
      };
      if (!dryRun && report.added > 0) {
        // The planner learns the new catalogue now, not whenever autovacuum gets to it (if ever).
        if (dialect === 'postgres') await sql`analyze parts`.execute(db);
        events.publish({ entity: 'stock', id: null, op: 'update' });
      }
      return report;
    },
  };
}

export type PartImport = ReturnType<typeof createPartImport>;
