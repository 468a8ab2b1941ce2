import type { Kysely } from 'kysely';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/money';
import type { MoneyFlow, ReportQuery, TakingsReportDto } from '../../domain/reports';
import type { DB } from '../db/schema';
import { periodBuckets } from './period-buckets';

type Sum = string | number | null;
const flow = (): MoneyFlow => ({ taken: 0, refunded: 0 });
const add = (into: MoneyFlow, kind: string, sum: Sum) => {
  if (kind === 'refund') into.refunded += Number(sum ?? 0);
  else into.taken += Number(sum ?? 0);
};

/**
 * Takings over a period of the shop's calendar days (issue 53): by day, week or month (grouped as
 * `periodBuckets` says), by method, by the repair's type and by who took the money.
 */
export async function readTakingsReport(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
): Promise<TakingsReportDto> {
  const period = periodBuckets(query, timeZone);
  const { range, keyLength } = period;
  const inPeriod = db
    .selectFrom('payments')
    .where('payments.created_at', '>=', range.from)
    .where('payments.created_at', '<', range.to);

  const [byTime, byType, byPerson] = await Promise.all([
    inPeriod
      .select((eb) => [
        eb.fn<string>('substr', ['payments.created_at', eb.val(1), eb.val(keyLength)]).as('at'),
        'payments.method',
        'payments.kind',
        eb.fn.sum<Sum>('payments.amount').as('sum'),
      ])
      .groupBy(['at', 'payments.method', 'payments.kind'])
      .execute(),
    inPeriod
      .leftJoin('tickets', 'tickets.id', 'payments.ticket_id')
      .select((eb) => ['tickets.title', 'payments.kind', eb.fn.sum<Sum>('payments.amount').as('sum')])
      .groupBy(['tickets.title', 'payments.kind'])
      .execute(),
    inPeriod
      .select((eb) => ['payments.user_name', 'payments.kind', eb.fn.sum<Sum>('payments.amount').as('sum')])
      .groupBy(['payments.user_name', 'payments.kind'])
      .execute(),
  ]);

  const total = flow();
  const buckets = new Map(period.starts.map((start) => [start, flow()]));
  const methods = new Map<PaymentMethod, MoneyFlow>(PAYMENT_METHODS.map((method) => [method, flow()]));
  for (const row of byTime) {
    const bucket = buckets.get(period.bucketOf(row.at))!;
    add(bucket, row.kind, row.sum);
    add(total, row.kind, row.sum);
    const method = methods.get(row.method as PaymentMethod);
    if (method) add(method, row.kind, row.sum);
  }
  const grouped = <K extends string>(rows: { key: string; kind: string; sum: Sum }[], name: K) => {
    const map = new Map<string, MoneyFlow>();
    for (const row of rows) {
      const entry = map.get(row.key) ?? flow();
      add(entry, row.kind, row.sum);
      map.set(row.key, entry);
    }
    return [...map]
      .map(([key, sums]) => ({ [name]: key, ...sums }) as MoneyFlow & Record<K, string>)
      .sort((a, b) => b.taken - b.refunded - (a.taken - a.refunded) || a[name].localeCompare(b[name], 'ru'));
  };
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    total,
    buckets: [...buckets].map(([start, sums]) => ({ start, ...sums })),
    byMethod: [...methods].map(([method, sums]) => ({ method, ...sums })),
    byType: grouped(
      byType.map((row) => ({ key: row.title ?? '—', kind: row.kind, sum: row.sum })),
      'type',
    ),
    byPerson: grouped(
      byPerson.map((row) => ({ key: row.user_name, kind: row.kind, sum: row.sum })),
      'person',
    ),
  };
}
