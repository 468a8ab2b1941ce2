import type { Kopecks } from './money';
import type { PushMessage } from './push-message';
import { paths } from './routes';
import { normalizeSearchText } from './search-text';

// Parts and stock (issue 51): the catalogue, what is on the shelf, what repairs hold, and every
// change of it. Zod-free; the inputs are in stock-schemas.ts.

export interface PartDto {
  id: number;
  name: string;
  article: string;
  barcode: string | null;
  /** Compatible models, as the shop writes them: «iPhone 11, iPhone XR». */
  models: string;
  unit: string;
  /** Sale price: what a parts line starts from. */
  price: Kopecks;
  /** Purchase prices, the owner's figures: null for staff (src/server/stock/stock.routes.ts). */
  lastCost: Kopecks | null;
  avgCost: Kopecks | null;
  onHand: number;
  reserved: number;
  /** On the shelf and not held by a repair. */
  available: number;
  minQty: number;
  place: string;
  version: number;
}

export interface SupplierDto {
  id: number;
  name: string;
  details: string;
  version: number;
}

export const MOVE_KINDS = [
  'received',
  'reversed',
  'reserved',
  'written_off',
  'returned',
  'adjusted',
] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];
export const MOVE_KIND_LABELS: Record<MoveKind, string> = {
  received: 'Поступление',
  reversed: 'Сторно поступления',
  reserved: 'Резерв',
  written_off: 'Списание',
  returned: 'Возврат на склад',
  adjusted: 'Корректировка',
};

/** One change of a part's quantities, as its page lists it. */
export interface StockMoveDto {
  id: number;
  kind: MoveKind;
  onHandChange: number;
  reservedChange: number;
  onHandAfter: number;
  reservedAfter: number;
  ticketId: number | null;
  receiptId: number | null;
  countId: number | null;
  note: string;
  userName: string;
  at: string;
}

export interface ReceiptLineDto {
  partId: number;
  partName: string;
  quantity: number;
  cost: Kopecks;
}

/** Goods received; a reversal has negative quantities and names the receipt it undoes. */
export interface ReceiptDto {
  id: number;
  supplierId: number | null;
  supplierName: string;
  note: string;
  total: Kopecks;
  reversesId: number | null;
  /** The reversal that undid this receipt, if any. */
  reversedById: number | null;
  userName: string;
  at: string;
  /** How many lines it has; the list sends only the first few of a long one. */
  lineCount: number;
  lines: ReceiptLineDto[];
}

/** A stocktaking saved: how many parts were counted and which differed. */
export interface CountResult {
  id: number;
  counted: number;
  differences: { partId: number; name: string; expected: number; counted: number }[];
}

export type ImportRowStatus = 'add' | 'skip' | 'error';

/** What a catalogue import did (or, in a dry run, would do), row by row. */
export interface ImportReport {
  dryRun: boolean;
  added: number;
  skipped: number;
  errors: number;
  /** The rows skipped or refused, and the first ones added: enough to check the file by. */
  rows: { line: number; name: string; status: ImportRowStatus; message: string }[];
  /** The receipt of the opening stock, when rows brought quantities. */
  receiptId: number | null;
}

export const NO_SUPPLIER_LABEL = 'Без поставщика';
export const PART_NOT_FOUND = 'Запчасть не найдена';
export const SUPPLIER_NOT_FOUND = 'Поставщик не найден';
export const RECEIPT_NOT_FOUND = 'Поступление не найдено';
export const STALE_PART = 'Запчасть уже изменил другой сотрудник';
export const STALE_SUPPLIER = 'Поставщика уже изменил другой сотрудник';
export const SUPPLIER_NAME_TAKEN = 'Поставщик с таким названием уже есть';
export const BARCODE_TAKEN = 'Этот штрихкод уже у другой запчасти';
export const PART_HAS_MOVES = 'По запчасти уже были движения: её нельзя удалить';
export const RECEIPT_ALREADY_REVERSED = 'Это поступление уже сторнировано';
export const REVERSAL_NOT_REVERSIBLE = 'Сторно не сторнируется: оформите новое поступление';
export const STOCK_LINE_NOT_PART = 'Со склада берётся только запчасть';
export const COUNT_CHANGED =
  'Остатки изменились, пока шёл подсчёт: загрузите список заново и пересчитайте отмеченные позиции';

/** «Не хватает на складе: „Экран iPhone 11“, доступно 0 шт». */
export function notEnoughMessage(part: { name: string; unit: string }, available: number): string {
  return `Не хватает на складе: «${part.name}», доступно ${available} ${part.unit}`;
}

/** «Нельзя сторнировать: „Экран“ уже в работе, на складе свободно 1 шт из 3». */
export function reversalShortMessage(part: { name: string; unit: string }, available: number, need: number) {
  return `Нельзя сторнировать: «${part.name}» уже взята в работу, свободно ${available} ${part.unit} из ${need}. Снимите её с заявок или сторнируйте позже`;
}

/** «Посчитано меньше, чем держат заявки: „Экран“ — в резерве 2 шт». */
export function countBelowReservedMessage(part: { name: string; unit: string }, reserved: number) {
  return `Посчитано меньше, чем держат заявки: «${part.name}» — в резерве ${reserved} ${part.unit}. Снимите запчасть с заявки или проверьте подсчёт`;
}

/** Below its minimum: «Заканчивается». A minimum of 0 means the shop does not track it. */
export function isLow(part: Pick<PartDto, 'available' | 'minQty'>): boolean {
  return part.minQty > 0 && part.available <= part.minQty;
}

/** How many to order for the purchase list: back up to twice the minimum, at least one. */
export function toOrder(part: Pick<PartDto, 'available' | 'minQty'>): number {
  return Math.max(1, part.minQty * 2 - part.available);
}

/** What a «contains» search over the catalogue compares against. */
export function partSearchText(part: {
  name: string;
  article: string;
  barcode: string | null;
  models: string;
  place: string;
}): string {
  return normalizeSearchText(
    [part.name, part.article, part.barcode ?? '', part.models, part.place].join(' | '),
  );
}

/**
 * The new average unit cost after `quantity` more arrive at `cost` each (whole kopecks), or go
 * back out (a reversal, `quantity` below zero). Taking a batch back out of an average that has
 * since mixed in other batches can land outside any price paid (below zero, above the dearest):
 * then the average stays as it was.
 */
export function averageCost(onHand: number, avgCost: Kopecks, quantity: number, cost: Kopecks): Kopecks {
  const total = onHand + quantity;
  if (total <= 0) return avgCost;
  const average = Math.round((onHand * avgCost + quantity * cost) / total);
  return average < 0 || average > Math.max(avgCost, cost) ? avgCost : average;
}

/** A code a scanner or a person types, as opposed to words to search by. */
export const BARCODE_PATTERN = /^[0-9A-Za-z\-./]{4,48}$/;

/**
 * The shop's own EAN-13 for a part that came without one: prefix 2 (in-store numbers, never a
 * maker's), the part's id, and the check digit — so every part has a label a scanner reads.
 */
export function inStoreBarcode(id: number, attempt = 0): string {
  // The digit after the 2 is free (ids fit in ten digits): another try when a code is taken.
  const body = `2${attempt}${String(id).padStart(10, '0')}`;
  return body + ean13CheckDigit(body);
}

export function ean13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** «Заканчивается» list and the purchase list read at most this many rows. */
export const LOW_STOCK_LIMIT = 2_000;

/** Parts named in the morning push about low stock; the rest are counted. */
export const LOW_STOCK_PUSH_ITEMS = 3;

/** The admins' morning push: «Заканчивается 5 запчастей: Экран iPhone 11 — 0 шт, …». */
export function lowStockMessage(
  appName: string,
  parts: readonly Pick<PartDto, 'name' | 'available' | 'unit'>[],
  total: number,
): PushMessage {
  const named = parts
    .slice(0, LOW_STOCK_PUSH_ITEMS)
    .map((part) => `${part.name} — ${part.available} ${part.unit}`);
  const more = total - named.length;
  return {
    title: `${appName}: заканчиваются запчасти (${total})`,
    body: [...named, ...(more > 0 ? [`и ещё ${more}`] : [])].join('\n'),
    url: paths.stockLow,
    tag: 'low-stock',
  };
}
