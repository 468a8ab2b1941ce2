import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { ReportFileFormat } from '../../domain/reports';
import writeXlsxFile, { type Cell as XlsxCell, type Sheet } from 'write-excel-file/node';
import { CSV_BOM, csvRow } from '../../domain/csv';
import { plainRubles } from '../../domain/money';
import type { Cell, ReportSheet, SheetColumn } from './report-sheets';

/**
 * The most rows a list sheet of a workbook holds: the workbook is built whole in memory, and a
 * year of a chain's repairs (85,000 rows, bench:reports) ran the server out of its heap. The CSV
 * streams every row; the sheet says where the rest is.
 */
export const XLSX_MAX_ROWS = 10_000;
export const xlsxCutNote = (shown: number, total: number) =>
  `Показаны ${shown.toLocaleString('ru-RU')} из ${total.toLocaleString('ru-RU')}: весь список — в CSV`;

/** Money as rubles with kopecks and a thin space per thousand, as Russian Excel shows sums. */
const RUBLES_FORMAT = '#,##0.00';
const DAYS_FORMAT = '0.0';

/**
 * A report as CSV (UTF-8 with a BOM, `;`, as the other downloads, issue 21): each sheet a section
 * under its name, a blank line between them; money as «1234,50».
 */
export function reportCsv(sheets: readonly ReportSheet[]): string {
  const sections = sheets.map(
    (sheet) =>
      csvRow([sheet.name]) +
      csvRow(sheet.columns.map((column) => column.header)) +
      csvRows(sheet, sheet.rows),
  );
  return CSV_BOM + sections.join('\r\n');
}

/** Rows of a sheet as CSV lines, money as «1234,50», days as «1,5». */
export function csvRows(sheet: Pick<ReportSheet, 'columns'>, rows: readonly Cell[][]): string {
  const csvCell = (column: SheetColumn | undefined, cell: Cell) => {
    if (typeof cell !== 'number') return cell;
    if (column?.kind === 'money') return plainRubles(cell);
    if (column?.kind === 'days') return cell.toFixed(1).replace('.', ',');
    return cell;
  };
  return rows.map((row) => csvRow(row.map((cell, i) => csvCell(sheet.columns[i], cell)))).join('');
}

/**
 * A report whose last sheet is long, as a streamed CSV: the sheets first, then the last one's
 * rows as `more` reads them, waiting its turn between pages like the other downloads.
 */
export async function* streamedCsv(sheets: readonly ReportSheet[], more: AsyncIterable<Cell[][]>) {
  yield reportCsv(sheets);
  const last = sheets.at(-1);
  if (!last) return;
  for await (const rows of more) {
    yield csvRows(last, rows);
    await setImmediate();
  }
}

/**
 * A report as a real .xlsx workbook (write-excel-file, ADR 053): a sheet per section, numbers as
 * numbers (money in rubles with two decimals, days with one), so the owner can sum and chart them.
 * Text stays text: a value starting with «=» is never read as a formula.
 */
export async function reportXlsx(sheets: readonly ReportSheet[]): Promise<Buffer> {
  const xlsxCell = (column: SheetColumn | undefined, cell: Cell): XlsxCell => {
    if (typeof cell !== 'number') return { type: String, value: cell };
    if (column?.kind === 'money') return { type: Number, value: cell / 100, format: RUBLES_FORMAT };
    if (column?.kind === 'days') return { type: Number, value: cell, format: DAYS_FORMAT };
    return { type: Number, value: cell };
  };
  const workbook: Sheet<Buffer>[] = sheets.map((sheet) => ({
    sheet: sheet.name.slice(0, 31),
    stickyRowsCount: 1,
    columns: sheet.columns.map((column) => ({ width: Math.max(12, Math.min(40, column.header.length + 2)) })),
    data: [
      sheet.columns.map((column): XlsxCell => ({ type: String, value: column.header, fontWeight: 'bold' })),
      ...sheet.rows.map((row) => row.map((cell, i) => xlsxCell(sheet.columns[i], cell))),
    ],
  }));
  return writeXlsxFile(workbook).toBuffer();
}

/** Sends a report as `<name>.csv` (its sheets, or a stream of them) or `<name>.xlsx`. */
export async function sendReportFile(
  reply: FastifyReply,
  name: string,
  format: ReportFileFormat,
  sheets: readonly ReportSheet[],
  csvStream?: AsyncGenerator<string>,
) {
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(csvStream ? Readable.from(csvStream) : reportCsv(sheets));
  }
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(await reportXlsx(sheets));
}
