import { notInTrash } from '../db/not-in-trash';
import { sql, type Kysely } from 'kysely';
import type { EmployeeLoad } from '../../domain/dashboard';
import type { DB } from '../db/schema';

// The dashboard's SQL (issue 20). Each function is one or two statements that read an index
// range or the open items once; docs/benchmarks.md has their times at 200,000 items.

const OPEN_STATES = ['new', 'in_progress'];

/** Open tickets by status and by how they came in: one pass, grouped three ways. */
export function openTicketGroups(db: Kysely<DB>) {
  return db
    .selectFrom('tickets')
    .select(['status', 'intake', 'delivery_provider', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('work_state', 'in', OPEN_STATES)
    .groupBy(['status', 'intake', 'delivery_provider'])
    .execute();
}

/** Per assignee (null: nobody): open items, and how many of them are overdue and due today. */
export async function openLoad(
  db: Kysely<DB>,
  today: string,
): Promise<(Omit<EmployeeLoad, 'name'> & { dueToday: number })[]> {
  const byAssignee = new Map<number | null, Omit<EmployeeLoad, 'name'> & { dueToday: number }>();
  for (const table of ['tickets', 'tasks'] as const) {
    const rows = await db
      .selectFrom(table)
      .select([
        'assignee_id',
        (eb) => eb.fn.countAll<number | string>().as('open'),
        sql<number | string>`sum(case when due_date < ${today} then 1 else 0 end)`.as('overdue'),
        sql<number | string>`sum(case when due_date = ${today} then 1 else 0 end)`.as('due_today'),
      ])
      .where('work_state', 'in', OPEN_STATES)
      .groupBy('assignee_id')
      .execute();
    for (const row of rows) {
      const load = byAssignee.get(row.assignee_id) ?? {
        assigneeId: row.assignee_id,
        open: 0,
        overdue: 0,
        dueToday: 0,
      };
      load.open += Number(row.open);
      load.overdue += Number(row.overdue ?? 0);
      load.dueToday += Number(row.due_today ?? 0);
      byAssignee.set(row.assignee_id, load);
    }
  }
  return [...byAssignee.values()];
}

/** Which of `bounds` (ascending instants) a column's value falls after: 0 for the first week. */
function bucket(column: 'created_at' | 'closed_at', bounds: readonly string[]) {
  const cases = bounds
    .slice(1)
    .map((bound, index) => sql`when ${sql.ref(column)} < ${bound} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(cases, sql` `)} else ${sql.lit(bounds.length - 1)} end`;
}

/**
 * Tickets received (created) and closed in each week; `bounds` are the weeks' first instants
 * and `end` the instant the last week ends. Tickets in the Корзина are left out.
 */
export async function weeklyTickets(db: Kysely<DB>, bounds: readonly string[], end: string) {
  const from = bounds[0] ?? end;
  const count = async (column: 'created_at' | 'closed_at') => {
    const rows = await db
      .selectFrom('tickets')
      .select([bucket(column, bounds).as('week'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(column, '>=', from)
      .where(column, '<', end)
      // Not the bare column: SQLite would walk the Корзина's index over every live ticket
      // instead of the few weeks' range of (column, deleted_at).
      .where(notInTrash())
      .groupBy(sql`1`)
      .execute();
    const weeks = bounds.map(() => 0);
    for (const row of rows) weeks[Number(row.week)] = Number(row.n);
    return weeks;
  };
  return { received: await count('created_at'), closed: await count('closed_at') };
}

/** Per status left: days summed and tickets counted over the longer period and the shorter one. */
export async function stageTotals(
  db: Kysely<DB>,
  statuses: readonly string[],
  longFrom: string,
  shortFrom: string,
) {
  // One index range per status (stage_spans_status_left): no grouping of 80,000 rows in a temp tree.
  const rows = [];
  for (const status of statuses) {
    const row = await db
      .selectFrom('stage_spans')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('n_long'),
        (eb) => eb.fn.sum<number | string>('days').as('days_long'),
        sql<number | string>`sum(case when left_at >= ${shortFrom} then 1 else 0 end)`.as('n_short'),
        sql<number | string>`sum(case when left_at >= ${shortFrom} then days else 0 end)`.as('days_short'),
      ])
      .where('status', '=', status)
      .where('left_at', '>=', longFrom)
      .executeTakeFirstOrThrow();
    rows.push({ status, ...row });
  }
  return rows;
}

export function userNames(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute();
}

/**
 * Open tickets over their status's limit, given the cutoffs of domain/status-limits.ts: per
 * status, a range of the (status, status_since) index; a ticket imported without the column
 * counts from its creation, as its badge does. Tickets in the Корзина are left out.
 */
export async function countOverLimit(db: Kysely<DB>, cutoffs: readonly { status: string; before: string }[]) {
  let total = 0;
  for (const { status, before } of cutoffs) {
    const row = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', status)
      .where((eb) =>
        eb.or([
          eb('status_since', '<', before),
          eb.and([eb('status_since', 'is', null), eb('created_at', '<', before)]),
        ]),
      )
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    total += Number(row?.n ?? 0);
  }
  return total;
}
