import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../../domain/csv-parse';
import type { SheetCell } from '../../domain/crm-import';
import { decodeSheetText } from '../../domain/sheet-values';
import { AppError } from '../errors';

/** More rows than a repair shop's whole history; a file past it is split. */
export const MAX_SHEET_ROWS = 60_000;

export interface SheetFile {
  /** The first row: the columns' titles. */
  titles: string[];
  /** The rows under it, each with its line in the file (the titles are line 1); blank rows left out. */
  rows: { line: number; cells: SheetCell[] }[];
  encoding: 'utf-8' | 'windows-1251' | 'xlsx';
}

/** A workbook's cell: its typings name the Date constructor where a cell holds a Date instance. */
function toSheetCell(cell: unknown): SheetCell {
  if (cell instanceof Date || typeof cell === 'number' || typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'да' : 'нет';
  return null;
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const blank = (cells: readonly SheetCell[]) =>
  cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));

/**
 * A spreadsheet another repair system exported: an Excel workbook (.xlsx, its first sheet) or a
 * CSV (UTF-8 or Windows-1251, `;` or `,`). Told apart by content, not by the name: a «.csv» that
 * is really a workbook still reads.
 */
export async function readSheetFile(bytes: Buffer): Promise<SheetFile> {
  const workbook = XLSX_MAGIC.every((byte, i) => bytes[i] === byte);
  let table: SheetCell[][];
  let encoding: SheetFile['encoding'];
  if (workbook) {
    try {
      const sheets = await readXlsxFile(bytes);
      table = (sheets[0]?.data ?? []).map((row) => row.map(toSheetCell));
    } catch {
      throw new AppError('bad_request', 'Файл Excel не читается: сохраните его заново как .xlsx или .csv');
    }
    encoding = 'xlsx';
  } else {
    if (bytes.includes(0)) {
      throw new AppError('bad_request', 'Это не таблица: нужен файл .xlsx или .csv');
    }
    const decoded = decodeSheetText(bytes);
    table = parseCsv(decoded.text);
    encoding = decoded.encoding;
  }
  const [header, ...body] = table;
  if (!header || blank(header))
    throw new AppError('bad_request', 'Файл пуст: в первой строке должны быть заголовки');
  const rows = body.flatMap((cells, i) => (blank(cells) ? [] : [{ line: i + 2, cells }]));
  if (rows.length > MAX_SHEET_ROWS) {
    throw new AppError(
      'bad_request',
      `Не больше ${MAX_SHEET_ROWS.toLocaleString('ru-RU')} строк за раз: разделите файл на части`,
    );
  }
  if (rows.length === 0) throw new AppError('bad_request', 'В файле нет строк под заголовками');
  return {
    titles: header.map((cell, i) => (cell === null ? '' : String(cell)).trim() || `Столбец ${i + 1}`),
    rows,
    encoding,
  };
}
