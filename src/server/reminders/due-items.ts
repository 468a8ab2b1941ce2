import { sql, type Kysely, type Transaction } from 'kysely';
import type { DueItem } from '../../domain/reminders';
import type { WorkKind } from '../../domain/worklist';
import type { DB } from '../db/schema';

// What the reminders read (issue 20): open items with a due date up to today, per assignee.
// Open means the worklist's «Новые» and «В работе»; an item in the Корзина has its own state.

type Db = Kysely<DB> | Transaction<DB>;
const OPEN_STATES = ['new', 'in_progress'];
const TABLES = [
  { kind: 'ticket', table: 'tickets' },
  { kind: 'task', table: 'tasks' },
] as const;

export const OVERDUE_NOTICE = 'overdue';

/**
 * The key that records an item was named as overdue to its assignee: once per due date and
 * person, so an overdue item given to someone else is news to them.
 */
export function overdueKey(kind: WorkKind, id: number, dueDate: string, assigneeId: number): string {
  return `${OVERDUE_NOTICE}:${kind}:${id}:${dueDate}:${assigneeId}`;
}

/** The same key computed in SQL over a row of `table`. */
function overdueKeySql(kind: WorkKind) {
  const colon = sql.lit(':');
  return sql<string>`${sql.lit(`${OVERDUE_NOTICE}:${kind}:`)} || cast(id as text) || ${colon} || due_date || ${colon} || cast(assignee_id as text)`;
}

export interface DueCounts {
  userId: number;
  overdue: number;
  dueToday: number;
}

/** Per active person: how many of their open items are overdue and due today. */
export async function dueCountsByAssignee(db: Db, today: string): Promise<DueCounts[]> {
  const byUser = new Map<number, DueCounts>();
  for (const { table } of TABLES) {
    const rows = await db
      .selectFrom(table)
      .innerJoin('users', 'users.id', `${table}.assignee_id`)
      .select([
        `${table}.assignee_id as userId`,
        sql<number | string>`sum(case when ${sql.ref(`${table}.due_date`)} < ${today} then 1 else 0 end)`.as(
          'overdue',
        ),
        sql<number | string>`sum(case when ${sql.ref(`${table}.due_date`)} = ${today} then 1 else 0 end)`.as(
          'dueToday',
        ),
      ])
      .where(`${table}.work_state`, 'in', OPEN_STATES)
      .where(`${table}.due_date`, '<=', today)
      .where('users.disabled_at', 'is', null)
      .groupBy(`${table}.assignee_id`)
      .execute();
    for (const row of rows) {
      const userId = Number(row.userId);
      const counts = byUser.get(userId) ?? { userId, overdue: 0, dueToday: 0 };
      counts.overdue += Number(row.overdue);
      counts.dueToday += Number(row.dueToday);
      byUser.set(userId, counts);
    }
  }
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * A person's first `limit` due items of each kind in the morning push's order: newly overdue
 * (never named as overdue for this due date) first, then by due date. The caller merges kinds.
 */
export async function firstDueItems(
  db: Db,
  userId: number,
  today: string,
  limit: number,
): Promise<DueItem[]> {
  const items: DueItem[] = [];
  for (const { kind, table } of TABLES) {
    const fresh = sql<number>`case when due_date < ${today} and not exists (select 1 from jobs where jobs.key = ${overdueKeySql(kind)}) then 0 else 1 end`;
    const rows = await db
      .selectFrom(table)
      .select(['id', 'title', 'due_date', fresh.as('seen')])
      .where('assignee_id', '=', userId)
      .where('work_state', 'in', OPEN_STATES)
      .where('due_date', '<=', today)
      .orderBy(fresh)
      .orderBy('due_date')
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const row of rows) {
      items.push({
        kind,
        id: row.id,
        title: row.title,
        dueDate: row.due_date ?? today,
        newlyOverdue: Number(row.seen) === 0,
      });
    }
  }
  return items;
}

/**
 * Records every open, assigned, overdue item as named (the morning push counts them all), so
 * that only an item becoming overdue later is news. One statement per table; an existing
 * record is kept.
 */
export async function recordOverdueNamed(db: Db, today: string, now: string) {
  for (const { kind, table } of TABLES) {
    const key = overdueKeySql(kind);
    const unnamed = db
      .selectFrom(table)
      .select([
        key.as('key'),
        sql.lit(OVERDUE_NOTICE).as('kind'),
        sql<string>`cast(${now} as text)`.as('run_at'),
        sql.lit('{}').as('payload'),
        sql<string>`cast(${now} as text)`.as('done_at'),
        sql.lit('named in the morning reminder').as('outcome'),
        sql<string>`cast(${now} as text)`.as('created_at'),
      ])
      .where('work_state', 'in', OPEN_STATES)
      .where('assignee_id', 'is not', null)
      .where('due_date', '<', today)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('jobs').select('jobs.key').where('jobs.key', '=', key))),
      );
    await db
      .insertInto('jobs')
      .columns(['key', 'kind', 'run_at', 'payload', 'done_at', 'outcome', 'created_at'])
      .expression(unnamed)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

export interface ChangedOverdue {
  kind: WorkKind;
  id: number;
  dueDate: string;
  assigneeId: number;
}

/**
 * Open, assigned items changed since `since` that are overdue and were never named as such for
 * their due date: a due date moved into the past, or an overdue item given to someone.
 */
export async function changedOverdueItems(db: Db, today: string, since: string): Promise<ChangedOverdue[]> {
  const found: ChangedOverdue[] = [];
  for (const { kind, table } of TABLES) {
    const key = overdueKeySql(kind);
    const rows = await db
      .selectFrom(table)
      .select(['id', 'due_date', 'assignee_id'])
      .where('updated_at', '>=', since)
      // As an expression: the changes are found off the updated_at index. Given the bare column,
      // SQLite read every open item off the state's index instead, in a query the event loop
      // waits for (2,000,000 items: 180 ms a side every 30 s, 0.3 ms off updated_at).
      .where(sql<string>`(work_state || '')`, 'in', OPEN_STATES)
      .where('assignee_id', 'is not', null)
      .where('due_date', '<', today)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('jobs').select('jobs.key').where('jobs.key', '=', key))),
      )
      .execute();
    for (const row of rows) {
      if (row.due_date && row.assignee_id !== null) {
        found.push({ kind, id: row.id, dueDate: row.due_date, assigneeId: row.assignee_id });
      }
    }
  }
  return found;
}

export interface OpenItem {
  title: string;
  assigneeId: number | null;
  dueDate: string | null;
  open: boolean;
}

/** An item as it is now (an overdue notice checks it still holds before sending). */
export async function readItem(db: Db, kind: WorkKind, id: number): Promise<OpenItem | undefined> {
  const table = kind === 'ticket' ? 'tickets' : 'tasks';
  const row = await db
    .selectFrom(table)
    .select(['title', 'assignee_id', 'due_date', 'work_state'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    title: row.title,
    assigneeId: row.assignee_id,
    dueDate: row.due_date,
    open: OPEN_STATES.includes(row.work_state),
  };
}
