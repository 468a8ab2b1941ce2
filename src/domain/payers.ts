import type { Kopecks } from './money';
import type { Intake, TicketStatus } from './ticket-status';

// Who pays for a repair (issue 50): the client, or an organisation of the shop's directory that
// pays for warranty work (a seller, a marketplace partner, a manufacturer's service). Zod-free;
// the inputs are in payer-schemas.ts.

export interface PayerDto {
  id: number;
  name: string;
  /** Requisites, contacts, the contract: free text for the shop. */
  details: string;
  version: number;
}

/** «Кто платит» on the card: the client unless a payer is named. */
export const CLIENT_PAYS_LABEL = 'Клиент';

export interface PayerStatementRow {
  id: number;
  createdAt: string;
  status: TicketStatus;
  intake: Intake;
  clientName: string;
  device: string;
  total: Kopecks;
  paid: Kopecks;
  due: Kopecks;
}

/**
 * A payer's statement for a period: the repairs taken in within it (by the day the ticket was
 * created, in the shop's calendar), what they come to, what was paid on them and what is owed,
 * and the payments received in the period.
 */
export interface PayerStatementDto {
  payer: PayerDto;
  from: string;
  to: string;
  rows: PayerStatementRow[];
  total: Kopecks;
  paid: Kopecks;
  due: Kopecks;
  /** Payments less refunds made within the period on any of the payer's repairs. */
  paidInPeriod: Kopecks;
  /** More repairs than STATEMENT_LIMIT: the rows stop there, the sums count them all. */
  truncated: boolean;
}

export const PAYER_NOT_FOUND = 'Плательщик не найден';
export const PAYER_NAME_TAKEN = 'Плательщик с таким названием уже есть';
export const STALE_PAYER = 'Плательщика уже изменил другой сотрудник';
export const PAYER_CLOSED = 'Заявка закрыта: плательщик не меняется. Откройте её заново';
export const PAYER_IN_USE = 'Плательщик указан в заявках: его нельзя удалить';
/** A statement lists at most this many repairs; a longer period is split. */
export const STATEMENT_LIMIT = 2000;
