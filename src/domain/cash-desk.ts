import type { Kopecks, PaymentMethod } from './money';
import type { Intake, TicketStatus } from './ticket-status';

// The cash desk (касса, issue 50): a shift opens with the cash in the drawer and closes with
// the cash counted. Cash payments and refunds taken while it is open, and cash put in or taken
// out with a reason, belong to it; the report sets what should be there against what was
// counted. Non-fiscal: it prints no 54-ФЗ receipts. Zod-free; the inputs are in
// cash-desk-schemas.ts.

export const NON_FISCAL_NOTICE =
  'Касса GL Задачи не фискальная: она учитывает наличные, но не печатает чеки по 54-ФЗ.';

export const CASH_MOVE_KINDS = ['in', 'out'] as const;
export type CashMoveKind = (typeof CASH_MOVE_KINDS)[number];

/** One movement of the drawer's cash, as the shift report lists it. */
export interface CashEntryDto {
  kind: CashMoveKind | 'payment' | 'refund';
  amount: Kopecks;
  /** The reason of a move, the note of a payment. */
  reason: string;
  userName: string;
  at: string;
  /** The ticket a payment or refund was for. */
  ticketId: number | null;
}

export const CASH_ENTRY_LABELS: Record<CashEntryDto['kind'], string> = {
  in: 'Внесение',
  out: 'Изъятие',
  payment: 'Оплата',
  refund: 'Возврат',
};

export interface CashTotals {
  payments: Kopecks;
  refunds: Kopecks;
  cashIn: Kopecks;
  cashOut: Kopecks;
}

export interface CashShiftDto {
  id: number;
  openedAt: string;
  openedByName: string;
  openingCash: Kopecks;
  closedAt: string | null;
  closedByName: string;
  totals: CashTotals;
  /** What the drawer should hold: now while open, at the close once closed. */
  expectedCash: Kopecks;
  countedCash: Kopecks | null;
  /** Counted less expected: negative when cash is missing; null while open. */
  difference: Kopecks | null;
  note: string;
  version: number;
}

/** A shift with every movement of its cash, oldest first. */
export interface CashShiftReportDto extends CashShiftDto {
  entries: CashEntryDto[];
}

export function expectedCash(openingCash: Kopecks, totals: CashTotals): Kopecks {
  return openingCash + totals.payments - totals.refunds + totals.cashIn - totals.cashOut;
}

/** «Сводка» (issue 50): a day's takings by method, and what finished repairs still owe. */
export interface TakingsDto {
  /** The shop's calendar day, YYYY-MM-DD. */
  date: string;
  byMethod: { method: PaymentMethod; taken: Kopecks; refunded: Kopecks }[];
  /** Taken less refunded, every method. */
  net: Kopecks;
  unpaid: {
    count: number;
    sum: Kopecks;
    /** The largest debts first, at most UNPAID_LISTED. */
    tickets: {
      id: number;
      title: string;
      clientName: string;
      device: string;
      status: TicketStatus;
      intake: Intake;
      due: Kopecks;
    }[];
  };
}

export const UNPAID_LISTED = 50;

export const SHIFT_ALREADY_OPEN = 'Смена уже открыта: закройте её, прежде чем открыть новую';
export const NO_OPEN_SHIFT = 'Смена не открыта: откройте смену в кассе';
export const SHIFT_NOT_FOUND = 'Смена не найдена';
export const STALE_SHIFT = 'Смену уже закрыл другой сотрудник';
export const CASH_OUT_TOO_BIG = 'В кассе нет столько наличных';
export const CASH_REFUND_TOO_BIG = 'В кассе нет столько наличных: верните картой или переводом';
export const DIFFERENCE_REASON_REQUIRED = 'Наличные не сходятся: укажите в комментарии почему';
