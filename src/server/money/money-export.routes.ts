import type { Kysely } from 'kysely';
import { expectedCash } from '../../domain/cash-desk';
import { formatDateTimeIn } from '../../domain/date-time';
import { PAYMENT_METHOD_LABELS, plainRubles, type PaymentMethod } from '../../domain/money';
import { periodQuery } from '../../domain/payer-schemas';
import { daysInZone } from '../../domain/status-limits';
import { ticketNumber } from '../../domain/ticket-number';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { csvFileName, csvPages, PAGE, sendCsv } from '../export/csv-download';
import { parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';

const nextAfter = <T extends { id: number }>(rows: T[]) => ({
  items: rows,
  nextCursor: rows.length === PAGE ? String(rows.at(-1)!.id) : null,
});

/**
 * The money as CSV (issue 50): every payment and refund of a period, and the cash desk's shifts
 * opened in it with their reports — a clean source for the accountant and for fiscal receipts
 * later. Admins only: the shop's takings are the owner's.
 */
export function registerMoneyExportRoutes(
  { permitted }: RouteScopes,
  { db, clock, timeZone }: { db: Kysely<DB>; clock: Clock; timeZone: () => Promise<string> },
) {
  permitted('reports').get('/api/export/payments.csv', async (request, reply) => {
    const period = parsePayload(periodQuery, request.query);
    const zone = await timeZone();
    const { from, to } = daysInZone(period.from, period.to, zone);
    const body = await csvPages(
      ['Дата', 'Вид', 'Способ', 'Сумма (₽)', 'Заявка', 'Клиент', 'Комментарий', 'Кто принял', 'Смена кассы'],
      async (cursor) =>
        nextAfter(
          await db
            .selectFrom('payments')
            .leftJoin('tickets', 'tickets.id', 'payments.ticket_id')
            .leftJoin('clients', 'clients.id', 'tickets.client_id')
            .select([
              'payments.id',
              'payments.created_at',
              'payments.kind',
              'payments.method',
              'payments.amount',
              'payments.ticket_id',
              'payments.note',
              'payments.user_name',
              'payments.shift_id',
              'clients.full_name',
            ])
            .where('payments.created_at', '>=', from)
            .where('payments.created_at', '<', to)
            .where('payments.id', '>', Number(cursor ?? 0))
            .orderBy('payments.id')
            .limit(PAGE)
            .execute(),
        ),
      (row) => [
        formatDateTimeIn(row.created_at, zone),
        row.kind === 'refund' ? 'Возврат' : 'Оплата',
        PAYMENT_METHOD_LABELS[row.method as PaymentMethod] ?? row.method,
        plainRubles(row.kind === 'refund' ? -Number(row.amount) : Number(row.amount)),
        row.ticket_id === null ? '' : ticketNumber(row.ticket_id),
        row.full_name ?? '',
        row.note,
        row.user_name,
        row.shift_id ?? '',
      ],
    );
    return sendCsv(reply, csvFileName('oplaty', zone, clock.now()), body);
  });

  permitted('reports').get('/api/export/shifts.csv', async (request, reply) => {
    const period = parsePayload(periodQuery, request.query);
    const zone = await timeZone();
    const { from, to } = daysInZone(period.from, period.to, zone);
    const totals = async (shiftIds: number[]) => {
      if (shiftIds.length === 0) return new Map<string, number>();
      const [payments, moves] = await Promise.all([
        db
          .selectFrom('payments')
          .select(['shift_id as id', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
          .where('shift_id', 'in', shiftIds)
          .groupBy(['shift_id', 'kind'])
          .execute(),
        db
          .selectFrom('cash_moves')
          .select(['shift_id as id', 'kind', (eb) => eb.fn.sum<string | number>('amount').as('sum')])
          .where('shift_id', 'in', shiftIds)
          .groupBy(['shift_id', 'kind'])
          .execute(),
      ]);
      return new Map([...payments, ...moves].map((row) => [`${row.id}:${row.kind}`, Number(row.sum)]));
    };
    const body = await csvPages(
      [
        'Смена',
        'Открыта',
        'Открыл',
        'На начало (₽)',
        'Оплаты наличными (₽)',
        'Возвраты наличными (₽)',
        'Внесено (₽)',
        'Изъято (₽)',
        'Должно быть (₽)',
        'По факту (₽)',
        'Расхождение (₽)',
        'Закрыта',
        'Закрыл',
        'Комментарий',
      ],
      async (cursor) => {
        const shifts = await db
          .selectFrom('cash_shifts')
          .selectAll()
          .where('opened_at', '>=', from)
          .where('opened_at', '<', to)
          .where('id', '>', Number(cursor ?? 0))
          .orderBy('id')
          .limit(PAGE)
          .execute();
        const sums = await totals(shifts.map((shift) => shift.id));
        return nextAfter(shifts.map((shift) => ({ ...shift, sums })));
      },
      (shift) => {
        const sum = (kind: string) => shift.sums.get(`${shift.id}:${kind}`) ?? 0;
        const opening = Number(shift.opening_cash);
        const expected =
          shift.expected_cash === null
            ? expectedCash(opening, {
                payments: sum('payment'),
                refunds: sum('refund'),
                cashIn: sum('in'),
                cashOut: sum('out'),
              })
            : Number(shift.expected_cash);
        const counted = shift.counted_cash === null ? null : Number(shift.counted_cash);
        return [
          shift.id,
          formatDateTimeIn(shift.opened_at, zone),
          shift.opened_by_name,
          plainRubles(opening),
          plainRubles(sum('payment')),
          plainRubles(sum('refund')),
          plainRubles(sum('in')),
          plainRubles(sum('out')),
          plainRubles(expected),
          counted === null ? '' : plainRubles(counted),
          counted === null ? '' : plainRubles(counted - expected),
          shift.closed_at ? formatDateTimeIn(shift.closed_at, zone) : 'открыта',
          shift.closed_by_name,
          shift.note,
        ];
      },
    );
    return sendCsv(reply, csvFileName('smeny-kassy', zone, clock.now()), body);
  });
}
