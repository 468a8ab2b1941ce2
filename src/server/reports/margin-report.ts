import { sql, type Kysely } from 'kysely';
import {
  REPORT_PAGE,
  type MarginReportDto,
  type MarginSums,
  type MarginTicketRow,
  type ReportPageDto,
  type ReportQuery,
} from '../../domain/reports';
import type { DB } from '../db/schema';
import { unindexed } from '../db/unindexed';
import { periodBuckets } from './period-buckets';

type Sum = string | number | null;

/**
 * Repairs closed in the period (not in the Корзина), through `tickets_closed_live`: SQLite read
 * every closed repair through the status index otherwise (208 ms for a month at 200,000).
 */
export function closedIn(db: Kysely<DB>, range: { from: string; to: string }) {
  return db
    .selectFrom('tickets')
    .where('tickets.closed_at', '>=', range.from)
    .where('tickets.closed_at', '<', range.to)
    .where(unindexed(db, 'tickets.deleted_at'), 'is', null)
    .where(unindexed(db, 'tickets.status'), '=', 'closed');
}

/** A closed repair's margin, from the sums kept on it (migration 0037): no line is read. */
export function marginOf(row: { lines_total: number; works_total: number; parts_cost: number }) {
  const works = Number(row.works_total);
  const parts = Number(row.lines_total) - works;
  const partsCost = Number(row.parts_cost);
  return { works, parts, partsCost, margin: works + parts - partsCost };
}

const zero = (): MarginSums => ({ tickets: 0, works: 0, parts: 0, partsCost: 0, margin: 0 });

/**
 * Margin over a period (issue 53): the repairs closed in it, by the day, week or month they
 * closed, and the average ticket over those that cost the client anything. One read of the
 * tickets, grouped per hour of closing (period-buckets.ts).
 */
export async function readMarginReport(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
): Promise<MarginReportDto> {
  const period = periodBuckets(query, timeZone);
  const groups = await closedIn(db, period.range)
    .select((eb) => [
      eb.fn<string>('substr', ['tickets.closed_at', eb.val(1), eb.val(period.keyLength)]).as('at'),
      eb.fn.countAll<string | number>().as('tickets'),
      sql<Sum>`sum(case when tickets.lines_total > 0 then 1 else 0 end)`.as('charged'),
      eb.fn.sum<Sum>('tickets.lines_total').as('lines_total'),
      eb.fn.sum<Sum>('tickets.works_total').as('works_total'),
      eb.fn.sum<Sum>('tickets.parts_cost').as('parts_cost'),
      eb.fn.sum<Sum>('tickets.parts_without_cost').as('no_cost'),
    ])
    .groupBy('at')
    .execute();

  const buckets = new Map(period.starts.map((start) => [start, zero()]));
  const total = { ...zero(), charged: 0, average: 0, partsWithoutCost: 0 };
  for (const row of groups) {
    const bucket = buckets.get(period.bucketOf(row.at)) ?? zero();
    const sums = marginOf({
      lines_total: Number(row.lines_total ?? 0),
      works_total: Number(row.works_total ?? 0),
      parts_cost: Number(row.parts_cost ?? 0),
    });
    for (const target of [bucket, total]) {
      target.tickets += Number(row.tickets);
      target.works += sums.works;
      target.parts += sums.parts;
      target.partsCost += sums.partsCost;
      target.margin += sums.margin;
    }
    total.charged += Number(row.charged ?? 0);
    total.partsWithoutCost += Number(row.no_cost ?? 0);
  }
  total.average = total.charged === 0 ? 0 : Math.round((total.works + total.parts) / total.charged);
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    total,
    buckets: [...buckets].map(([start, sums]) => ({ start, ...sums })),
  };
}

const ROW_COLUMNS = [
  'tickets.id',
  'tickets.title',
  'tickets.device',
  'tickets.client_name',
  'tickets.assignee_name',
  'tickets.closed_at',
  'tickets.lines_total',
  'tickets.works_total',
  'tickets.parts_cost',
] as const;

interface MarginRowSource {
  id: number;
  title: string;
  device: string;
  client_name: string;
  assignee_name: string;
  closed_at: string | null;
  lines_total: number;
  works_total: number;
  parts_cost: number;
}

function marginRow(row: MarginRowSource): MarginTicketRow {
  return {
    id: row.id,
    title: row.title,
    device: row.device,
    clientName: row.client_name,
    assigneeName: row.assignee_name,
    closedAt: row.closed_at ?? '',
    ...marginOf(row),
  };
}

/** The repairs behind the margin, the latest closed first, a page at a time. */
export async function readMarginTickets(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
  offset: number,
  limit = REPORT_PAGE,
): Promise<ReportPageDto<MarginTicketRow>> {
  const { range } = periodBuckets(query, timeZone);
  const closed = closedIn(db, range);
  const [page, count] = await Promise.all([
    closed
      .select(ROW_COLUMNS)
      .orderBy('tickets.closed_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    closed.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), offset, items: page.map(marginRow) };
}

/**
 * Every repair behind the margin, for a CSV: pages (of 500) read when the file wants them, so a
 * year of a chain's repairs never sits in memory. A page goes on below the last one's closing
 * time in the order of `tickets_closed_live` (no sort of the year per page: sorting by id too
 * made a year's CSV 17 s on PostgreSQL); repairs closed at that very instant and already sent
 * are skipped by id.
 */
export async function* marginTicketPages(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
  pageSize = 500,
): AsyncGenerator<MarginTicketRow[]> {
  const { range } = periodBuckets(query, timeZone);
  let last: { closedAt: string; sent: Set<number> } | null = null;
  for (;;) {
    const key: { closedAt: string; sent: Set<number> } | null = last;
    const rows: MarginRowSource[] = await closedIn(db, range)
      .select(ROW_COLUMNS)
      .$if(key !== null, (qb) => qb.where('tickets.closed_at', '<=', key!.closedAt))
      .orderBy('tickets.closed_at', 'desc')
      .limit(pageSize + (key?.sent.size ?? 0))
      .execute();
    const fresh: MarginRowSource[] = rows.filter((row) => !key?.sent.has(row.id));
    if (fresh.length === 0) return;
    yield fresh.map(marginRow);
    const closedAt: string = fresh.at(-1)!.closed_at ?? '';
    const sent: Set<number> = new Set<number>(key !== null && key.closedAt === closedAt ? key.sent : []);
    for (const row of fresh) if (row.closed_at === closedAt) sent.add(row.id);
    last = { closedAt, sent };
  }
}
