import { formatDateTimeIn } from './date-time';
import type { EstimateDto } from './estimate';
import { amountDue, formatRubles, type PaymentDto, type TicketLineDto } from './money';

// The sums on a ticket's papers (issue 50): the приёмная квитанция shows the estimate and the
// prepayment; the акт выдачи shows the lines, the totals, what was paid, the balance and each
// line's warranty. Part of the paper's model (ticket-documents.ts), drawn as HTML and as PDF.

export interface DocumentColumn {
  label: string;
  /** Sums and counts line up on the right. */
  numeric: boolean;
  /** Share of the table's width. */
  width: number;
}

export interface DocumentTable {
  heading: string;
  columns: DocumentColumn[];
  rows: string[][];
  totals: { label: string; value: string; strong: boolean }[];
}

/** What the papers read of a ticket's money. */
export interface DocumentMoney {
  lines: TicketLineDto[];
  payments: PaymentDto[];
  estimate: EstimateDto | null;
  /** Who pays, when not the client. */
  payer: { name: string } | null;
}

const NAME: DocumentColumn = { label: 'Наименование', numeric: false, width: 4.6 };
const COUNT: DocumentColumn = { label: 'Кол-во', numeric: true, width: 1.1 };
const SUM: DocumentColumn = { label: 'Сумма', numeric: true, width: 1.8 };

/** What was paid less refunds, counting only payments made by `until` (the handover). */
export function paidBy(payments: readonly PaymentDto[], until: string | null): number {
  return payments
    .filter((payment) => until === null || payment.at <= until)
    .reduce((sum, payment) => sum + (payment.kind === 'refund' ? -payment.amount : payment.amount), 0);
}

function estimateState(estimate: EstimateDto, timeZone: string | null): string {
  const day = estimate.answeredAt ? formatDateTimeIn(estimate.answeredAt, timeZone).slice(0, 10) : '';
  if (estimate.answer === 'approved') return `согласована клиентом ${day}`;
  if (estimate.answer === 'declined') return `клиент отказался ${day}`;
  return 'ждёт согласования клиента';
}

/** The receipt: the estimate last sent, and the prepayment taken. */
export function receiptMoneyTables(
  money: DocumentMoney,
  ticket: { closedAt: string | null },
  timeZone: string | null,
): DocumentTable[] {
  const paid = paidBy(money.payments, null);
  // Printed again after the handover, what was paid is no longer a prepayment.
  const prepayment = {
    label: ticket.closedAt ? 'Оплачено' : 'Предоплата',
    value: formatRubles(paid),
    strong: false,
  };
  const { estimate } = money;
  if (estimate) {
    return [
      {
        heading: `Смета № ${estimate.version} (${estimateState(estimate, timeZone)})`,
        columns: [NAME, COUNT, SUM],
        rows: estimate.lines.map((line) => [line.name, String(line.quantity), formatRubles(line.total)]),
        totals: [
          { label: 'Итого по смете', value: formatRubles(estimate.total), strong: true },
          ...(paid > 0 ? [prepayment] : []),
        ],
      },
    ];
  }
  return paid > 0 ? [{ heading: 'Оплата', columns: [], rows: [], totals: [prepayment] }] : [];
}

function warrantyCell(line: TicketLineDto, ticketWarrantyDays: number | null): string {
  const days = line.warrantyDays ?? ticketWarrantyDays;
  return days ? `${days} дн.` : '—';
}

/**
 * The act: every line with its warranty (its own, else the ticket's), the totals, and what was
 * paid by the handover, so the act printed again later reads as the one signed.
 */
export function actMoneyTables(
  money: DocumentMoney,
  ticket: { warrantyDays: number | null; closedAt: string | null },
): DocumentTable[] {
  const paid = paidBy(money.payments, ticket.closedAt);
  if (money.lines.length === 0 && paid === 0) return [];
  const total = money.lines.reduce((sum, line) => sum + line.total, 0);
  return [
    {
      heading: 'Работы и запчасти',
      columns: [
        NAME,
        COUNT,
        { label: 'Цена', numeric: true, width: 1.8 },
        { label: 'Скидка', numeric: true, width: 1.6 },
        SUM,
        { label: 'Гарантия', numeric: true, width: 1.7 },
      ],
      rows: money.lines.map((line) => [
        line.name,
        String(line.quantity),
        formatRubles(line.price),
        line.discount > 0 ? formatRubles(line.discount) : '—',
        formatRubles(line.total),
        warrantyCell(line, ticket.warrantyDays),
      ]),
      totals: [
        { label: 'Итого', value: formatRubles(total), strong: true },
        { label: 'Оплачено', value: formatRubles(paid), strong: false },
        {
          label: money.payer ? `К оплате (${money.payer.name})` : 'К оплате',
          value: formatRubles(amountDue(total, paid)),
          strong: true,
        },
      ],
    },
  ];
}
