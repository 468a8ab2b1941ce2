import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../../domain/csv-parse';
import type { SheetCell } from '../../domain/crm-import';
import { decodeSheetText } from '../../domain/sheet-values';
import { AppError } from '../errors';
import { xlsxExtent } from './xlsx-extent';

/** More rows than a repair shop's whole history; a file past it is split. */
export const MAX_SHEET_ROWS = 60_000;
/** More columns than any export has (the mapping takes at most 200). */
export const MAX_SHEET_COLUMNS = 200;
/** A worksheet's XML unpacked: 60,000 rows of 30 filled cells are about 100 MB. */
const MAX_SHEET_XML_BYTES = 200 * 1024 * 1024;

const TOO_BIG_MESSAGE = `Таблица больше ${MAX_SHEET_ROWS.toLocaleString('ru-RU')} строк или ${MAX_SHEET_COLUMNS} столбцов: разделите файл на части`;

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
    const extent = xlsxExtent(bytes, MAX_SHEET_XML_BYTES);
    if (!extent)
      throw new AppError('bad_request', 'Файл Excel не читается: сохраните его заново как .xlsx или .csv');
    if (extent.rows > MAX_SHEET_ROWS + 1 || extent.columns > MAX_SHEET_COLUMNS) {
      throw new AppError('bad_request', TOO_BIG_MESSAGE);
    }
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
    // Quotes come in pairs (a quote inside a field is doubled): an odd count leaves one open,
    // and everything after it would read as one field.
    if ((decoded.text.match(/"/g)?.length ?? 0) % 2 === 1) {
      throw new AppError(
        'bad_request',
        'В файле не закрыта кавычка: проверьте его в Excel и сохраните заново',
      );
    }
    table = parseCsv(decoded.text);
    encoding = decoded.encoding;
  }
  if (table.some((row) => row.length > MAX_SHEET_COLUMNS)) throw new AppError('bad_request', TOO_BIG_MESSAGE);
  const [header, ...body] = table;
  if (!header || blank(header))
    throw new AppError('bad_request', 'Файл пуст: в первой строке должны быть заголовки');
  const rows = body.flatMap((cells, i) => (blank(cells) ? [] : [{ line: i + 2, cells }]));
  if (rows.length > MAX_SHEET_ROWS) throw new AppError('bad_request', TOO_BIG_MESSAGE);
  if (rows.length === 0) throw new AppError('bad_request', 'В файле нет строк под заголовками');
  return {
    titles: header.map((cell, i) => (cell === null ? '' : String(cell)).trim() || `Столбец ${i + 1}`),
    rows,
    encoding,
  };
}
