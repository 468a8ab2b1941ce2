import { lineTotal, type Kopecks, type LineKind, type TicketLineDto } from './money';

// The estimate (смета, issue 50): the lines a client is asked to agree to before the repair.
// Staff send the ticket's lines as a new version; the client answers on the status page, and
// the answer names the version it saw. Zod-free: the status page's server and the card read it.

/** One line as the client saw it. */
export interface EstimateLine {
  kind: LineKind;
  name: string;
  quantity: number;
  price: Kopecks;
  discount: Kopecks;
  total: Kopecks;
}

export const ESTIMATE_ANSWERS = ['approved', 'declined'] as const;
export type EstimateAnswer = (typeof ESTIMATE_ANSWERS)[number];

export function isEstimateAnswer(value: unknown): value is EstimateAnswer {
  return (ESTIMATE_ANSWERS as readonly unknown[]).includes(value);
}

/** The estimate last sent, as the card shows it. */
export interface EstimateDto {
  version: number;
  lines: EstimateLine[];
  total: Kopecks;
  sentAt: string;
  sentByName: string;
  answer: EstimateAnswer | null;
  answeredAt: string | null;
  /** The ticket's lines no longer read as sent: the estimate needs sending again. */
  outdated: boolean;
}

export function estimateLines(lines: readonly Omit<EstimateLine, 'total'>[]): EstimateLine[] {
  return lines.map((line) => ({
    kind: line.kind,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    discount: line.discount,
    total: lineTotal(line),
  }));
}

/** Whether the ticket's lines read as the estimate sent: same lines, same order, same sums. */
export function sameAsSent(sent: readonly EstimateLine[], lines: readonly TicketLineDto[]): boolean {
  const now = estimateLines(lines);
  return sent.length === now.length && sent.every((line, index) => sameLine(line, now[index]!));
}

function sameLine(a: EstimateLine, b: EstimateLine): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    a.quantity === b.quantity &&
    a.price === b.price &&
    a.discount === b.discount
  );
}

/** How the card and history name the estimate's state. */
export function estimateStateText(estimate: Pick<EstimateDto, 'answer' | 'outdated'>): string {
  if (estimate.outdated) return 'Строки изменились после отправки: отправьте смету заново';
  if (estimate.answer === 'approved') return 'Клиент согласовал';
  if (estimate.answer === 'declined') return 'Клиент отказался';
  return 'Ждёт ответа клиента';
}

/** How the client's answer went: recorded, refused as made to an older version, or already given. */
export type AnswerOutcome = 'saved' | 'stale' | 'answered' | 'not_found';

export const ESTIMATE_EMPTY = 'Добавьте в смету хотя бы одну строку';
export const ESTIMATE_STALE =
  'Смета изменилась, пока страница была открыта. Посмотрите новую смету и ответьте на неё.';
export const ESTIMATE_ALREADY_ANSWERED = 'На эту смету уже ответили.';
