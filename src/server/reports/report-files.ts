import type { FastifyReply } from 'fastify';
import writeXlsxFile, { type Cell as XlsxCell, type Sheet } from 'write-excel-file/node';
import { CSV_BOM, csvRow } from '../../domain/csv';
import { plainRubles } from '../../domain/money';
import type { Cell, ReportSheet, SheetColumn } from './report-sheets';

/** Money as rubles with kopecks and a thin space per thousand, as Russian Excel shows sums. */
const RUBLES_FORMAT = '#,##0.00';
const DAYS_FORMAT = '0.0';

/**
 * A report as CSV (UTF-8 with a BOM, `;`, as the other downloads, issue 21): each sheet a section
 * under its name, a blank line between them; money as «1234,50».
 */
export function reportCsv(sheets: readonly ReportSheet[]): string {
  const csvCell = (column: SheetColumn | undefined, cell: Cell) => {
    if (typeof cell !== 'number') return cell;
    if (column?.kind === 'money') return plainRubles(cell);
    if (column?.kind === 'days') return cell.toFixed(1).replace('.', ',');
    return cell;
  };
  const sections = sheets.map(
    (sheet) =>
      csvRow([sheet.name]) +
      csvRow(sheet.columns.map((column) => column.header)) +
      sheet.rows.map((row) => csvRow(row.map((cell, i) => csvCell(sheet.columns[i], cell)))).join(''),
  );
  return CSV_BOM + sections.join('\r\n');
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

/** Sends a report's sheets as `<name>.csv` or `<name>.xlsx`. */
export async function sendReportFile(
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  sheets: readonly ReportSheet[],
) {
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(reportCsv(sheets));
  }
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(await reportXlsx(sheets));
}
