import type { EstimateDto } from './estimate';

// Money (issue 50): whole kopecks end to end, never floating point. Zod-free, so the worklist's
// first screen can format «К оплате» without loading the schemas (money-schemas.ts).

/** An amount in kopecks: a safe integer. */
export type Kopecks = number;

/** The largest amount one line, payment or total may hold: 100 000 000 ₽. */
export const MAX_KOPECKS: Kopecks = 10_000_000_000;
export const MAX_QUANTITY = 10_000;
/** A ticket's sums (its lines, what was paid) stay below this: far inside safe integers. */
export const MAX_TICKET_KOPECKS: Kopecks = 100 * MAX_KOPECKS;

const NBSP = '\u00a0';

/** «1 500,00 ₽»: groups of three with a no-break space, comma, two digits, and the sign. */
export function formatRubles(kopecks: Kopecks): string {
  const sign = kopecks < 0 ? '−' : '';
  const whole = Math.abs(kopecks);
  const rubles = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const cents = String(whole % 100).padStart(2, '0');
  return `${sign}${rubles},${cents}${NBSP}₽`;
}

/** «1500,00», «-50,00»: a number a spreadsheet set to Russian reads, for CSV. */
export function plainRubles(kopecks: Kopecks): string {
  const whole = Math.abs(kopecks);
  return `${kopecks < 0 ? '-' : ''}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/** The amount as a form shows it for editing: «1500,5» → «1500,50», whole rubles without «,00». */
export function rublesInput(kopecks: Kopecks): string {
  const rubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  return cents === 0 ? String(rubles) : `${rubles},${String(cents).padStart(2, '0')}`;
}

/**
 * What a person typed as rubles, in kopecks: «1500», «1 500,5», «1500.50», «1 500 ₽». Null
 * when it is not an amount (letters, a minus, more than two digits after the comma, too big).
 */
export function parseRubles(text: string): Kopecks | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(/₽$|руб\.?$|р\.?$/i, '');
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(plain);
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks <= MAX_KOPECKS ? kopecks : null;
}

export interface PricedLine {
  quantity: number;
  price: Kopecks;
  discount: Kopecks;
}

/** A line's sum: quantity × price, less its discount (never below zero: the schemas refuse more). */
export function lineTotal(line: PricedLine): Kopecks {
  return Math.max(0, line.quantity * line.price - line.discount);
}

/** How a line's sum is made, as the card and history read it: «2 × 1 500,00 ₽ − 100,00 ₽». */
export function lineArithmetic(line: PricedLine): string {
  const discount = line.discount > 0 ? ` − ${formatRubles(line.discount)}` : '';
  return `${line.quantity} × ${formatRubles(line.price)}${discount}`;
}

export function linesTotal(lines: readonly PricedLine[]): Kopecks {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** «К оплате»: what the client still owes; zero once paid in full or more. */
export function amountDue(total: Kopecks, paid: Kopecks): Kopecks {
  return Math.max(0, total - paid);
}

export const PAYMENT_METHODS = ['cash', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Наличные',
  card: 'Карта',
  transfer: 'Перевод',
};

export const LINE_KINDS = ['work', 'part'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_LABELS: Record<LineKind, string> = { work: 'Работа', part: 'Запчасть' };

/** One price line of a ticket, as the card and the papers read it. */
export interface TicketLineDto {
  id: number;
  kind: LineKind;
  name: string;
  /** The catalogue's service it came from, if any. */
  serviceId: number | null;
  quantity: number;
  price: Kopecks;
  discount: Kopecks;
  /** The line's own warranty (a service's); null: the ticket's. */
  warrantyDays: number | null;
  total: Kopecks;
  version: number;
  /** A part taken from stock: held until handover (`reserved`), then `written_off`. */
  partId: number | null;
  stockState: 'reserved' | 'written_off' | null;
}

export type PaymentKind = 'payment' | 'refund';

/** A payment taken or refunded: never deleted, a mistake is refunded. */
export interface PaymentDto {
  id: number;
  kind: PaymentKind;
  method: PaymentMethod;
  amount: Kopecks;
  note: string;
  userName: string;
  at: string;
}

/** A ticket's money: its lines, its payments and the sums. */
export interface TicketMoneyDto {
  lines: TicketLineDto[];
  payments: PaymentDto[];
  total: Kopecks;
  paid: Kopecks;
  due: Kopecks;
  /** The estimate last sent to the client; null before the first. */
  estimate: EstimateDto | null;
  /** Who pays: a payer of the directory; null: the client. */
  payer: { id: number; name: string } | null;
}

/** A service of the shop's catalogue, offered when a work line is added. */
export interface ServiceDto {
  id: number;
  name: string;
  price: Kopecks;
  warrantyDays: number | null;
  version: number;
}
