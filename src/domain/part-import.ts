import { parseCsv } from './csv-parse';
import { MAX_QUANTITY, parseRubles } from './money';
import { normalizeSearchText } from './search-text';
import { partInput } from './stock-schemas';
import type { z } from './zod-ru';

// A catalogue from a spreadsheet (issue 51): the header names the columns in Russian, in any
// order; each row becomes a part or an error saying what is wrong with it. Re-running a file
// adds nothing: a row naming a part already in the catalogue is skipped (import.service.ts).

const COLUMNS = {
  name: ['название', 'наименование'],
  article: ['артикул'],
  barcode: ['штрихкод', 'штрих-код'],
  models: ['модели', 'совместимые модели', 'совместимость'],
  unit: ['ед.', 'ед', 'единица', 'ед. изм.'],
  cost: ['цена закупки', 'закупка', 'себестоимость'],
  price: ['цена продажи', 'цена', 'продажа'],
  quantity: ['количество', 'остаток', 'кол-во'],
  minQty: ['минимум', 'мин. остаток', 'минимальный остаток'],
  place: ['место', 'место хранения', 'ячейка'],
} as const;
type Column = keyof typeof COLUMNS;

export const IMPORT_HEADER_MESSAGE =
  'Первая строка — заголовки, среди них «Название». Другие столбцы: Артикул; Штрихкод; Модели; Ед.; Цена закупки; Цена продажи; Количество; Минимум; Место';
export const MAX_IMPORT_ROWS = 60_000;

export interface ParsedPartRow {
  /** The row's line in the file, counting the header as 1 (as a spreadsheet numbers rows). */
  line: number;
  name: string;
  part?: z.output<typeof partInput>;
  /** Arriving with the part: the opening stock and its unit cost. */
  quantity: number;
  cost: number;
  error?: string;
}

/** The file's rows as parts, or the one message that says the file cannot be read. */
export function readPartRows(text: string): { rows: ParsedPartRow[] } | { error: string } {
  const [header, ...body] = parseCsv(text);
  if (!header) return { error: 'Файл пуст' };
  const index = new Map<Column, number>();
  header.forEach((title, i) => {
    const key = normalizeSearchText(title);
    for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (names.includes(key) && !index.has(column)) index.set(column, i);
    }
  });
  if (!index.has('name')) return { error: IMPORT_HEADER_MESSAGE };
  if (body.length > MAX_IMPORT_ROWS) {
    return { error: `Не больше ${MAX_IMPORT_ROWS.toLocaleString('ru-RU')} строк за раз: разделите файл` };
  }
  const rows = body.flatMap((cells, i) =>
    cells.every((cell) => cell.trim() === '') ? [] : [readRow(cells, i + 2, index)],
  );
  return { rows };
}

function readRow(cells: string[], line: number, index: Map<Column, number>): ParsedPartRow {
  const cell = (column: Column) => {
    const at = index.get(column);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const name = cell('name');
  const fail = (error: string): ParsedPartRow => ({ line, name, quantity: 0, cost: 0, error });
  const money = (column: Column, label: string) => {
    const text = cell(column);
    const value = text === '' ? 0 : parseRubles(text);
    return value === null ? `${label}: «${text}» — не сумма` : value;
  };
  const count = (column: Column, label: string) => {
    const text = cell(column).replace(/\s/g, '');
    if (text === '') return 0;
    const value = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    return Number.isInteger(value) && value <= MAX_QUANTITY
      ? value
      : `${label}: «${text}» — не целое число до 10 000`;
  };
  const cost = money('cost', 'Цена закупки');
  const price = money('price', 'Цена продажи');
  const quantity = count('quantity', 'Количество');
  const minQty = count('minQty', 'Минимум');
  for (const value of [cost, price, quantity, minQty]) if (typeof value === 'string') return fail(value);
  const parsed = partInput.safeParse({
    name,
    article: cell('article'),
    barcode: cell('barcode'),
    models: cell('models'),
    unit: cell('unit') || 'шт',
    price,
    minQty,
    place: cell('place'),
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Строка не читается');
  return { line, name, part: parsed.data, quantity: quantity as number, cost: cost as number };
}
