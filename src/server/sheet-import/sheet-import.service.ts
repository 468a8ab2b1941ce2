import type { FastifyBaseLogger } from 'fastify';
import {
  guessColumns,
  readImportRow,
  statusWords,
  type ImportMapping,
  type ImportRow,
} from '../../domain/crm-import';
import type { ImportMappingInput } from '../../domain/crm-import-schemas';
import type { ImportBatchDto, ImportPreviewDto } from '../../domain/sheet-import-dto';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { Actor } from '../http/actor';
import { readSheetFile, type SheetFile } from './sheet-file';
import { undoBatch } from './sheet-undo';
import { rowKey, writeSheetChunk, type SheetBatch } from './sheet-writer';

interface Deps {
  database: Database;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  timeZone: () => Promise<string>;
}

/** Rows per transaction: a chunk is all or nothing, and the progress moves after each. */
const CHUNK_ROWS = 500;
/** Refused rows kept with a batch and shown by the preview. */
const REFUSALS_KEPT = 1000;
const SAMPLE_ROWS = 8;
/** A batch «running» whose progress has not moved for this long was cut off (a restart). */
const STALE_MS = 2 * 60_000;
const IN_LIST = 900;
const TELL_EVERY_MS = 5000;

const cellText = (cell: unknown) =>
  cell === null || cell === undefined
    ? ''
    : cell instanceof Date
      ? cell.toISOString().slice(0, 10)
      : String(cell);

function readRows(file: SheetFile, mapping: ImportMapping) {
  const ready: ImportRow[] = [];
  const refused: { line: number; error: string }[] = [];
  for (const { line, cells } of file.rows) {
    const result = readImportRow(cells, line, file.titles, mapping);
    if ('row' in result) ready.push(result.row);
    else refused.push(result);
  }
  return { ready, refused };
}

/**
 * Moving in from another repair system's spreadsheet (issue 56): a preview that says what will be
 * made and what is refused and why, then the import as a batch of chunks that shows its progress,
 * and its undo while nobody has touched what it made.
 */
export function createSheetImports({ database, clock, events, log, timeZone }: Deps) {
  const { db } = database;
  const running = new Set<Promise<void>>();

  function mappingOf(file: SheetFile, input: ImportMappingInput | null): ImportMapping {
    const columns = input && input.columns.length > 0 ? input.columns : guessColumns(file.titles);
    if (columns.length !== file.titles.length) {
      throw new AppError('bad_request', 'Столбцы файла изменились: загрузите его заново');
    }
    return { columns, statuses: input?.statuses ?? {} };
  }

  async function alreadyIn(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < keys.length; start += IN_LIST) {
      const rows = await db
        .selectFrom('import_batch_items')
        .select('row_key')
        .where('row_key', 'in', keys.slice(start, start + IN_LIST))
        .execute();
      for (const row of rows) found.add(row.row_key);
    }
    return found;
  }

  async function knownPhones(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < keys.length; start += IN_LIST) {
      const rows = await db
        .selectFrom('clients')
        .select('phone_key')
        .where('phone_key', 'in', keys.slice(start, start + IN_LIST))
        .where('deleted_at', 'is', null)
        .execute();
      for (const row of rows) found.add(row.phone_key);
    }
    return found;
  }

  async function ticketTypeOf(name: string) {
    const type = await db
      .selectFrom('ticket_types')
      .select(['name', 'warranty_days'])
      .where('name', '=', name)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    if (!type) throw new AppError('bad_request', 'Выберите тип заявки из списка');
    return { name: type.name, warrantyDays: type.warranty_days };
  }

  function toDto(row: {
    id: number;
    file_name: string;
    ticket_type: string;
    state: string;
    rows_total: number;
    rows_done: number;
    tickets_created: number;
    clients_created: number;
    rows_skipped: number;
    rows_refused: number;
    refusals: string;
    created_by_name: string;
    created_at: string;
    progress_at: string;
    finished_at: string | null;
    undone_at: string | null;
    undone_by_name: string;
  }): ImportBatchDto {
    const cutOff = row.state === 'running' && clock.now().getTime() - Date.parse(row.progress_at) > STALE_MS;
    return {
      id: row.id,
      fileName: row.file_name,
      ticketType: row.ticket_type,
      state: cutOff ? 'failed' : (row.state as ImportBatchDto['state']),
      rowsTotal: row.rows_total,
      rowsDone: row.rows_done,
      ticketsCreated: row.tickets_created,
      clientsCreated: row.clients_created,
      rowsSkipped: row.rows_skipped,
      rowsRefused: row.rows_refused,
      refusals: JSON.parse(row.refusals) as ImportBatchDto['refusals'],
      createdByName: row.created_by_name,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      undoneAt: row.undone_at,
      undoneByName: row.undone_by_name,
    };
  }

  async function getBatch(id: number): Promise<ImportBatchDto> {
    const row = await db.selectFrom('import_batches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Загрузка не найдена');
    return toDto(row);
  }

  /** Writes the batch's rows chunk by chunk, each in its own transaction, moving the progress. */
  async function run(batch: SheetBatch, rows: ImportRow[]) {
    let done = 0;
    let toldAt = 0;
    try {
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        const chunk = rows.slice(start, start + CHUNK_ROWS);
        await db.transaction().execute(async (trx) => {
          const outcome = await writeSheetChunk(trx, database.dialect, batch, chunk);
          done += chunk.length;
          await trx
            .updateTable('import_batches')
            .set((eb) => ({
              rows_done: eb('rows_done', '+', chunk.length),
              tickets_created: eb('tickets_created', '+', outcome.ticketsCreated),
              clients_created: eb('clients_created', '+', outcome.clientsCreated),
              rows_skipped: eb('rows_skipped', '+', outcome.skipped),
              progress_at: clock.now().toISOString(),
            }))
            .where('id', '=', batch.id)
            .execute();
        });
        // Open lists follow the import every few seconds, not after each of its chunks.
        if (Date.now() - toldAt > TELL_EVERY_MS) {
          toldAt = Date.now();
          events.publish({ entity: 'ticket', id: null, op: 'create' });
        }
      }
      await db
        .updateTable('import_batches')
        .set({ state: 'done', finished_at: clock.now().toISOString() })
        .where('id', '=', batch.id)
        .execute();
    } catch (error) {
      log.error({ err: error, batch: batch.id, done }, 'sheet import stopped');
      await db
        .updateTable('import_batches')
        .set({ state: 'failed', finished_at: clock.now().toISOString() })
        .where('id', '=', batch.id)
        .execute()
        .catch(() => undefined);
    } finally {
      events.publish({ entity: 'ticket', id: null, op: 'create' });
      events.publish({ entity: 'client', id: null, op: 'create' });
    }
  }

  return {
    /** What the file holds and what an import with this mapping would make and refuse. */
    async preview(bytes: Buffer, input: ImportMappingInput | null): Promise<ImportPreviewDto> {
      const file = await readSheetFile(bytes);
      const mapping = mappingOf(file, input);
      const { ready, refused } = readRows(file, mapping);
      const [imported, phones] = await Promise.all([
        alreadyIn(ready.map(rowKey)),
        knownPhones([...new Set(ready.map((row) => row.client.phoneKey).filter((key) => key !== ''))]),
      ]);
      const fresh = ready.filter((row) => !imported.has(rowKey(row)));
      const newPhones = new Set(
        fresh.map((row) => row.client.phoneKey).filter((key) => key !== '' && !phones.has(key)),
      );
      return {
        titles: file.titles,
        encoding: file.encoding,
        sample: file.rows.slice(0, SAMPLE_ROWS).map(({ line, cells }) => ({
          line,
          cells: file.titles.map((_, i) => cellText(cells[i])),
        })),
        columns: mapping.columns,
        statusWords: statusWords(
          file.rows.map((row) => row.cells),
          mapping.columns,
        ),
        rows: file.rows.length,
        ready: fresh.length,
        alreadyImported: ready.length - fresh.length,
        newClients: newPhones.size + fresh.filter((row) => row.client.phoneKey === '').length,
        knownClients: new Set(fresh.map((row) => row.client.phoneKey).filter((key) => phones.has(key))).size,
        refused: refused.length,
        refusals: refused.slice(0, 100),
      };
    },

    /** Starts the import: the batch is written in the background; its progress is read by id. */
    async start(
      actor: Actor,
      fileName: string,
      bytes: Buffer,
      input: ImportMappingInput,
    ): Promise<ImportBatchDto> {
      // One at a time: two batches of one shop would race for the same clients and rows.
      const busy = await db
        .selectFrom('import_batches')
        .select('progress_at')
        .where('state', '=', 'running')
        .execute();
      if (busy.some((row) => clock.now().getTime() - Date.parse(row.progress_at) <= STALE_MS)) {
        throw new AppError('conflict', 'Идёт другая загрузка: дождитесь её конца');
      }
      const file = await readSheetFile(bytes);
      const mapping = mappingOf(file, input);
      const ticketType = await ticketTypeOf(input.ticketType);
      const { ready, refused } = readRows(file, mapping);
      if (ready.length === 0)
        throw new AppError('bad_request', 'Ни одна строка не готова к загрузке: проверьте столбцы');
      const now = clock.now().toISOString();
      const created = await db
        .insertInto('import_batches')
        .values({
          file_name: fileName,
          ticket_type: ticketType.name,
          state: 'running',
          rows_total: ready.length,
          rows_refused: refused.length,
          refusals: JSON.stringify(refused.slice(0, REFUSALS_KEPT)),
          created_by: actor.id,
          created_by_name: actor.displayName,
          created_at: now,
          progress_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const batch: SheetBatch = {
        id: created.id,
        fileName,
        ticketType,
        payMethod: input.payMethod,
        timeZone: await timeZone(),
        actor,
        now,
      };
      const work = run(batch, ready);
      running.add(work);
      void work.finally(() => running.delete(work));
      return getBatch(created.id);
    },

    getBatch,

    async list(): Promise<ImportBatchDto[]> {
      const rows = await db
        .selectFrom('import_batches')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      // The list shows counts; a batch's refused rows are read with the batch itself.
      return rows.map((row) => ({ ...toDto(row), refusals: [] }));
    },

    /** Removes what the batch made, all of it or nothing, while nobody has changed any of it. */
    async undo(actor: Actor, id: number): Promise<ImportBatchDto> {
      const batch = await getBatch(id);
      if (batch.state === 'running') throw new AppError('conflict', 'Загрузка ещё идёт: дождитесь её конца');
      if (batch.state === 'undone') throw new AppError('conflict', 'Эта загрузка уже отменена');
      await db.transaction().execute((trx) => undoBatch(trx, id, actor, clock.now().toISOString()));
      events.publish({ entity: 'ticket', id: null, op: 'delete' });
      events.publish({ entity: 'client', id: null, op: 'delete' });
      return getBatch(id);
    },

    /** Resolves when every batch started here has finished (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type SheetImports = ReturnType<typeof createSheetImports>;
