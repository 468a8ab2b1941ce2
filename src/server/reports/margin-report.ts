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
import { periodBuckets } from './period-buckets';

type Sum = string | number | null;

// A line's sum as `lineTotal` (domain/money.ts) has it: quantity × price less the discount, never below 0.
const lineSum = sql`case when ticket_lines.quantity * ticket_lines.price > ticket_lines.discount
  then ticket_lines.quantity * ticket_lines.price - ticket_lines.discount else 0 end`;
const works = sql<Sum>`sum(case when ticket_lines.kind = 'work' then ${lineSum} else 0 end)`.as('works');
const parts = sql<Sum>`sum(case when ticket_lines.kind = 'part' then ${lineSum} else 0 end)`.as('parts');
const partsCost = sql<Sum>`sum(case when ticket_lines.kind = 'part'
  then ticket_lines.quantity * ticket_lines.cost else 0 end)`.as('parts_cost');

const sumsOf = (row: { works: Sum; parts: Sum; parts_cost: Sum }) => {
  const w = Number(row.works ?? 0);
  const p = Number(row.parts ?? 0);
  const c = Number(row.parts_cost ?? 0);
  return { works: w, parts: p, partsCost: c, margin: w + p - c };
};
const zero = (): MarginSums => ({ tickets: 0, works: 0, parts: 0, partsCost: 0, margin: 0 });

/** Repairs closed in the period (not in the Корзина), through `tickets_closed_live`. */
function closedIn(db: Kysely<DB>, range: { from: string; to: string }) {
  return db
    .selectFrom('tickets')
    .where('tickets.closed_at', '>=', range.from)
    .where('tickets.closed_at', '<', range.to)
    .where('tickets.deleted_at', 'is', null)
    .where('tickets.status', '=', 'closed');
}

/**
 * Margin over a period (issue 53): the repairs closed in it, by the day, week or month they
 * closed, and the average ticket over those that cost the client anything.
 */
export async function readMarginReport(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
): Promise<MarginReportDto> {
  const period = periodBuckets(query, timeZone);
  const closed = closedIn(db, period.range);
  const [lines, counts] = await Promise.all([
    closed
      .innerJoin('ticket_lines', 'ticket_lines.ticket_id', 'tickets.id')
      .select((eb) => [
        eb.fn<string>('substr', ['tickets.closed_at', eb.val(1), eb.val(period.keyLength)]).as('at'),
        works,
        parts,
        partsCost,
        sql<Sum>`sum(case when ticket_lines.kind = 'part' and ticket_lines.part_id is null then 1 else 0 end)`.as(
          'no_cost',
        ),
      ])
      .groupBy('at')
      .execute(),
    closed
      .select((eb) => [
        eb.fn<string>('substr', ['tickets.closed_at', eb.val(1), eb.val(period.keyLength)]).as('at'),
        eb.fn.countAll<string | number>().as('tickets'),
        sql<Sum>`sum(case when tickets.lines_total > 0 then 1 else 0 end)`.as('charged'),
      ])
      .groupBy('at')
      .execute(),
  ]);

  const buckets = new Map(period.starts.map((start) => [start, zero()]));
  const total = { ...zero(), charged: 0, average: 0, partsWithoutCost: 0 };
  const into = (start: string) => buckets.get(start) ?? zero();
  for (const row of counts) {
    const bucket = into(period.bucketOf(row.at));
    bucket.tickets += Number(row.tickets);
    total.tickets += Number(row.tickets);
    total.charged += Number(row.charged ?? 0);
  }
  for (const row of lines) {
    const bucket = into(period.bucketOf(row.at));
    const s = sumsOf(row);
    for (const target of [bucket, total]) {
      target.works += s.works;
      target.parts += s.parts;
      target.partsCost += s.partsCost;
      target.margin += s.margin;
    }
    total.partsWithoutCost += Number(row.no_cost ?? 0);
  }
  total.average = total.charged === 0 ? 0 : Math.round((total.works + total.parts) / total.charged);
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    total,
    buckets: [...buckets].map(([start, s]) => ({ start, ...s })),
  };
}

/** Per repair: its works, parts at sale price, parts at cost and margin (absent: no lines). */
export async function readLineSums(db: Kysely<DB>, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return new Map<number, ReturnType<typeof sumsOf>>();
  const rows = await db
    .selectFrom('ticket_lines')
    .select(['ticket_lines.ticket_id', works, parts, partsCost])
    .where('ticket_lines.ticket_id', 'in', ticketIds)
    .groupBy('ticket_lines.ticket_id')
    .execute();
  return new Map(rows.map((row) => [row.ticket_id, sumsOf(row)]));
}

const ROW_COLUMNS = [
  'tickets.id',
  'tickets.title',
  'tickets.device',
  'tickets.client_name',
  'tickets.assignee_name',
  'tickets.closed_at',
] as const;

interface MarginRowSource {
  id: number;
  title: string;
  device: string;
  client_name: string;
  assignee_name: string;
  closed_at: string | null;
}

function marginRow(row: MarginRowSource, sums: ReturnType<typeof sumsOf> | undefined): MarginTicketRow {
  return {
    id: row.id,
    title: row.title,
    device: row.device,
    clientName: row.client_name,
    assigneeName: row.assignee_name,
    closedAt: row.closed_at ?? '',
    ...(sums ?? { works: 0, parts: 0, partsCost: 0, margin: 0 }),
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
  const byTicket = await readLineSums(
    db,
    page.map((row) => row.id),
  );
  return {
    total: Number(count.n),
    offset,
    items: page.map((row) => marginRow(row, byTicket.get(row.id))),
  };
}

/**
 * Every repair behind the margin, for a CSV: pages of 500 by key (closed_at, id), each read when
 * the file wants it, so a year of a chain's repairs never sits in memory at once.
 */
export async function* marginTicketPages(
  db: Kysely<DB>,
  query: ReportQuery,
  timeZone: string,
): AsyncGenerator<MarginTicketRow[]> {
  const { range } = periodBuckets(query, timeZone);
  let after: { closedAt: string; id: number } | null = null;
  for (;;) {
    const key: { closedAt: string; id: number } | null = after;
    const rows: MarginRowSource[] = await closedIn(db, range)
      .select(ROW_COLUMNS)
      .$if(key !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('tickets.closed_at', '<', key!.closedAt),
            eb.and([eb('tickets.closed_at', '=', key!.closedAt), eb('tickets.id', '<', key!.id)]),
          ]),
        ),
      )
      .orderBy('tickets.closed_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    const byTicket = await readLineSums(
      db,
      rows.map((row) => row.id),
    );
    yield rows.map((row) => marginRow(row, byTicket.get(row.id)));
    const last: MarginRowSource = rows.at(-1)!;
    after = { closedAt: last.closed_at ?? '', id: last.id };
  }
}
