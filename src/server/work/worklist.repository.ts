import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { readPlanned, searchCondition, withRoad, type SearchPlan } from '../search';
import { CLOSED_SORT_PREFIX, TRASH_SORT_PREFIX, kindRank, type WorkKind } from '../../domain/worklist';
import type { DB } from '../db/schema';
import { withOverLimit, withTicketFacets, type WorkFilter } from './worklist-filters';

export type { WorkFilter } from './worklist-filters';

/** Position after the last row shown: the full order key. */
export interface WorkCursor {
  sort: string;
  rank: number;
  id: number;
}

export interface WorkRow {
  kind: WorkKind;
  kind_rank: number;
  id: number;
  title: string;
  client_id: number | null;
  client_name: string;
  /** The linked client's phone as typed (null without a client). */
  client_phone: string | null;
  /** A ticket's device ('' for a task). */
  device: string;
  assignee_id: number | null;
  assignee_name: string;
  status: string;
  /** A ticket's intake ('pvz' for a task). */
  intake: string;
  /** When a ticket entered its status (null for a task, or an imported ticket without it). */
  status_since: string | null;
  /** A ticket's stage inside «В ремонте» and since when (null for a task, or none). */
  stage_id: number | null;
  stage_since: string | null;
  /** A ticket's lines less what was paid, kopecks (0 for a task); below zero when overpaid. */
  balance: number | string;
  delivery_provider: string | null;
  return_provider: string | null;
  due_date: string | null;
  created_at: string;
  closed_at: string | null;
  work_sort: string;
  version: number;
}

/** The side's search plan; undefined when not searching. */
export function planFor(
  filter: Pick<WorkFilter, 'searchPlans' | 'search'>,
  kind: WorkKind,
): SearchPlan | undefined {
  const plan = filter.searchPlans?.[kind];
  if (!plan && (filter.search.text !== null || filter.search.number !== null)) {
    throw new Error(`A ${kind} search without a plan`);
  }
  return plan;
}

/** The table of a side of the worklist. */
export const tableOf = (kind: WorkKind) => (kind === 'ticket' ? 'tickets' : 'tasks');

/**
 * A side's rows with every column a worklist row shows (toWorkItem), unfiltered; from `stretch`
 * (the side's first rows, named as its table) where given.
 */
export function workColumns(
  db: Kysely<DB>,
  kind: WorkKind,
  stretch?: SelectQueryBuilder<DB, SideTable, object>,
) {
  const table = tableOf(kind);
  const rank = kindRank(kind);
  // Typed as the table itself: the stretch is every column of the table's rows (selectAll).
  const from = stretch
    ? (db.selectFrom(stretch.as(table)) as unknown as ReturnType<typeof db.selectFrom<SideTable>>)
    : db.selectFrom(table);
  return from.select([
    sql<WorkKind>`${sql.lit(kind)}`.as('kind'),
    sql<number>`${sql.lit(rank)}`.as('kind_rank'),
    'id',
    'title',
    'client_id',
    'client_name',
    // Read only for the rows of the page (a subquery, so the columns above need no table names).
    (eb) =>
      eb
        .selectFrom('clients')
        .select('clients.phone')
        .whereRef('clients.id', '=', `${table}.client_id`)
        .as('client_phone'),
    kind === 'ticket' ? sql<string>`device`.as('device') : sql<string>`''`.as('device'),
    'assignee_id',
    'assignee_name',
    'status',
    kind === 'ticket' ? sql<string>`intake`.as('intake') : sql<string>`'pvz'`.as('intake'),
    kind === 'ticket'
      ? sql<string | null>`status_since`.as('status_since')
      : sql<string | null>`null`.as('status_since'),
    kind === 'ticket'
      ? sql<number | null>`stage_id`.as('stage_id')
      : // Typed: PostgreSQL reads a bare null in a union of the two sides as text.
        sql<null>`cast(null as integer)`.as('stage_id'),
    kind === 'ticket' ? sql<string | null>`stage_since`.as('stage_since') : sql<null>`null`.as('stage_since'),
    // «К оплате» (issue 50): a task has no money; a whole number on both sides of the union.
    kind === 'ticket'
      ? sql<number>`lines_total - paid`.as('balance')
      : sql<number>`cast(0 as bigint)`.as('balance'),
    'delivery_provider',
    kind === 'ticket'
      ? sql<string | null>`return_provider`.as('return_provider')
      : sql<null>`null`.as('return_provider'),
    'due_date',
    'created_at',
    'closed_at',
    'work_sort',
    'version',
  ]);
}

type SideTable = 'tickets' | 'tasks';

/**
 * One side of the worklist, read in order straight off the (work_sort, id) index,
 * at most `limit` rows after the cursor. With `within`: the matches among the side's first
 * `within` rows of its order range only (readPlanned's stretch; inOrderRange) — those rows as the
 * query's table: both databases read such a subquery in its order and stop where the page fills,
 * and no index of the searched text or of the state can be chosen for it.
 */
function side(
  db: Kysely<DB>,
  kind: WorkKind,
  filter: WorkFilter,
  after: WorkCursor | undefined,
  limit: number,
  within?: number,
) {
  const rows = db.selectFrom(tableOf(kind)).selectAll();
  const plan = planFor(filter, kind);
  const road = plan?.road;
  const stretch =
    within !== undefined
      ? inOrderRange(rows, kind, filter, after).orderBy('work_sort').orderBy('id').limit(within)
      : road?.use === 'ids'
        ? // The rows the index named, as the query's table (its LIMIT keeps it apart): given as a
          // condition beside the order's range, SQLite walks the range in order to spare the sort
          // instead, across the whole closed part when the matches are its oldest rows.
          rows
            .where(road.ids.length ? sql<SqlBool>`id in (${sql.join(road.ids)})` : sql<SqlBool>`1 = 0`)
            .limit(road.ids.length)
        : undefined;
  // Over the named rows alone, the rule is the whole search (the ids are not sent twice).
  const inStretch =
    plan && road?.use === 'ids'
      ? { ...filter, searchPlans: { ...filter.searchPlans, [kind]: withRoad(plan, { use: 'scan' }) } }
      : filter;
  return narrowed(workColumns(db, kind, stretch), kind, inStretch, after)
    .orderBy('work_sort')
    .orderBy('id')
    .limit(limit);
}

/**
 * A side's rows after the cursor, within the part of the list's order its states are in (the
 * open part, the closed part, or both) and the assignee's: what the (work_sort, id) and
 * (assignee_id, work_sort, id) indexes read in order. A walk's stretch is the first rows of this
 * (side): no other filter, so that neither database reads a state's index and sorts instead.
 */
function inOrderRange<O>(
  from: SelectQueryBuilder<DB, SideTable, O>,
  kind: WorkKind,
  filter: WorkFilter,
  after: WorkCursor | undefined,
): SelectQueryBuilder<DB, SideTable, O> {
  const rank = kindRank(kind);
  let query = from;
  // Closed items' keys all start with 9 (workSortKey): without Закрытые the index range ends
  // there, and with only Закрытые it starts there, so a rare search never walks the other part.
  // Items in the Корзина sort after '~', past the end of every range read here.
  const wantsClosed = filter.states.includes('closed');
  if (!wantsClosed) query = query.where('work_sort', '<', CLOSED_SORT_PREFIX);
  else query = query.where('work_sort', '<', TRASH_SORT_PREFIX);
  if (wantsClosed && filter.states.length === 1) query = query.where('work_sort', '>=', CLOSED_SORT_PREFIX);
  if (filter.assignee === 'none') query = query.where('assignee_id', 'is', null);
  else if (filter.assignee !== undefined) query = query.where('assignee_id', '=', filter.assignee);
  if (after) {
    // (work_sort, rank, id) > cursor, with this side's rank a constant.
    query = query.where((eb) => {
      if (rank > after.rank) return eb('work_sort', '>=', after.sort);
      if (rank < after.rank) return eb('work_sort', '>', after.sort);
      // A row-value comparison, which both databases read as one index range (an OR does not).
      return eb(eb.refTuple('work_sort', 'id'), '>', eb.tuple(after.sort, after.id));
    });
  }
  return query;
}

/** A side's rows narrowed by the list's filters and the cursor, in no order. */
function narrowed<O>(
  from: SelectQueryBuilder<DB, SideTable, O>,
  kind: WorkKind,
  filter: WorkFilter,
  after: WorkCursor | undefined,
): SelectQueryBuilder<DB, SideTable, O> {
  let query = inOrderRange(from, kind, filter, after)
    // As an expression: the list is read off the (work_sort, id) index in order; given the bare
    // column, SQLite would rather use the (work_state, assignee_id) index made for the state
    // counts, and sort 100,000 rows for every page (measured: 1 ms → 35 ms).
    .where(sql<string>`(work_state || '')`, 'in', filter.states);

  const plan = planFor(filter, kind);
  const searched = plan && searchCondition(plan);
  if (searched) query = query.where(searched);
  query = withOverLimit(query, filter.overLimit);
  query = withTicketFacets(query, filter);
  const { overdueBefore } = filter;
  if (overdueBefore !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('due_date', 'is', null),
        eb('due_date', '>=', overdueBefore),
        eb('work_state', '=', 'closed'),
      ]),
    );
  }

  return query;
}

/** Where a row stands in the worklist's order: enough to merge the sides and to page on. */
type WorkKey = Pick<WorkRow, 'work_sort' | 'kind_rank' | 'id'>;

/** The worklist's order: the stored key, then tickets before tasks, then number. */
function compareRows(a: WorkKey, b: WorkKey): number {
  if (a.work_sort !== b.work_sort) return a.work_sort < b.work_sort ? -1 : 1;
  return a.kind_rank - b.kind_rank || Number(a.id) - Number(b.id);
}

/**
 * One side's first `limit` rows after the cursor: their positions alone, or every column. A
 * search that matches many rows walks a stretch of the side's order first and reads the index
 * when that did not fill the page (readPlanned).
 */
async function readSide<Columns extends 'positions' | 'all'>(
  db: Kysely<DB>,
  kind: WorkKind,
  filter: WorkFilter,
  after: WorkCursor | undefined,
  limit: number,
  columns: Columns,
): Promise<Columns extends 'positions' ? WorkKey[] : WorkRow[]> {
  type Result = Columns extends 'positions' ? WorkKey[] : WorkRow[];
  const positions = <O>(query: SelectQueryBuilder<DB, 'tickets' | 'tasks', O>) =>
    query.clearSelect().select(['work_sort', 'id']);
  const read = (searchPlan: SearchPlan | undefined, within?: number) => {
    const query = side(db, kind, { ...filter, searchPlans: { [kind]: searchPlan } }, after, limit, within);
    return (columns === 'positions' ? positions(query) : query).execute() as Promise<WorkKey[] | WorkRow[]>;
  };
  const plan = planFor(filter, kind);
  const rows = await (plan
    ? readPlanned<WorkKey | WorkRow>(plan, limit, {
        read,
        reaches: async (n) => {
          // The stretch's own rows (inOrderRange), as side() walks them.
          const row = await inOrderRange(db.selectFrom(tableOf(kind)), kind, filter, after)
            .select(['work_sort', 'id'])
            .orderBy('work_sort')
            .orderBy('id')
            .limit(1)
            .offset(n - 1)
            .executeTakeFirst();
          return row !== undefined;
        },
      })
    : read(undefined));
  if (columns === 'all') return rows as Result;
  const kind_rank = kindRank(kind);
  return rows.map(({ work_sort, id }) => ({ work_sort, kind_rank, id: Number(id) })) as Result;
}

/**
 * How a worklist page is read. `positionsFirst`: each side is walked for its rows' positions
 * alone, and every column is then read for the page's rows only. The sides together name twice
 * the page, and turning a row's twenty columns into JavaScript values was most of a page's SQL
 * time on SQLite, where a query is a call within the process; on PostgreSQL every query is a
 * round trip, which costs more than the rows it saves (docs/decisions/024).
 */
export interface WorkReading {
  positionsFirst: boolean;
}

/** Reads of positions that may meet a row gone before its columns are read, before reading whole rows. */
const POSITIONS_ATTEMPTS = 3;

/**
 * The merged worklist page in the spec's order (then kind, then number), each side read on its
 * own. Read positions first, a row can go to the Корзина (or for good) between the two reads: then
 * the page is read again, since a page one row short would look like the list's end (the caller
 * asks for one row more than it shows to know whether another page follows). A row changed in
 * between is shown as it is now, in the place it was found (its live update follows).
 */
export async function listWork(
  db: Kysely<DB>,
  filter: WorkFilter,
  after: WorkCursor | undefined,
  limit: number,
  { positionsFirst }: WorkReading,
): Promise<WorkRow[]> {
  for (let attempt = 0; positionsFirst && attempt < POSITIONS_ATTEMPTS; attempt += 1) {
    const rows = await readByPositions(db, filter, after, limit);
    if (rows) return rows;
  }
  const sides = await Promise.all(
    filter.kinds.map((kind) => readSide(db, kind, filter, after, limit, 'all')),
  );
  return sides.flat().sort(compareRows).slice(0, limit);
}

/** The page read positions first; null when one of its rows was gone by the time its columns were read. */
async function readByPositions(
  db: Kysely<DB>,
  filter: WorkFilter,
  after: WorkCursor | undefined,
  limit: number,
): Promise<WorkRow[] | null> {
  const sides = await Promise.all(
    filter.kinds.map((kind) => readSide(db, kind, filter, after, limit, 'positions')),
  );
  const page = sides.flat().sort(compareRows).slice(0, limit);
  const read = await Promise.all(
    filter.kinds.map((kind) => {
      const ids = page.filter((key) => key.kind_rank === kindRank(kind)).map((key) => key.id);
      if (ids.length === 0) return [];
      return workColumns(db, kind)
        .where('id', 'in', ids)
        .where('work_sort', '<', TRASH_SORT_PREFIX)
        .execute() as Promise<WorkRow[]>;
    }),
  );
  const rows = new Map(read.flat().map((row) => [`${row.kind_rank}:${Number(row.id)}`, row]));
  if (rows.size < page.length) return null;
  return page.map((key) => ({
    ...rows.get(`${key.kind_rank}:${key.id}`)!,
    // The page's cursor goes on from where the walk found the row.
    work_sort: key.work_sort,
  }));
}

/** Position after the last overdue row shown: its due date and creation key, kind, id. */
export interface OverdueCursor {
  key: string;
  rank: number;
  id: number;
}

/** The order key of an open item without its group digit: due date, then creation (workSortKey). */
const OVERDUE_KEY = sql<string>`substr(work_sort, 2)`;

/**
 * «Сначала просроченные»: the open items due before `today` (in the states asked for, under the
 * other filters), oldest due date first, then as created, tickets before tasks. Read before
 * the rest of the list, which then leaves them out (WorkFilter.overdueBefore).
 */
export function listOverdue(
  db: Kysely<DB>,
  filter: WorkFilter,
  today: string,
  after: OverdueCursor | undefined,
  limit: number,
) {
  const openStates = filter.states.filter((state) => state !== 'closed');
  if (openStates.length === 0) return Promise.resolve([] as (WorkRow & { overdue_key: string })[]);
  const sides = filter.kinds.map((kind) => {
    const table = tableOf(kind);
    const rank = kindRank(kind);
    let query = side(db, kind, { ...filter, states: openStates }, undefined, limit)
      .clearOrderBy()
      .clearLimit()
      .select(OVERDUE_KEY.as('overdue_key'))
      .where('due_date', '<', today)
      .where('due_date', 'is not', null);
    if (after) {
      query = query.where((eb) => {
        if (rank > after.rank) return eb(OVERDUE_KEY, '>=', after.key);
        if (rank < after.rank) return eb(OVERDUE_KEY, '>', after.key);
        return eb.or([
          eb(OVERDUE_KEY, '>', after.key),
          eb.and([eb(OVERDUE_KEY, '=', after.key), eb(`${table}.id`, '>', after.id)]),
        ]);
      });
    }
    return db
      .selectFrom(query.orderBy(OVERDUE_KEY).orderBy('id').limit(limit).as(`${kind}_overdue`))
      .selectAll();
  });
  const [first, ...rest] = sides;
  if (!first) return Promise.resolve([] as (WorkRow & { overdue_key: string })[]);
  const union = rest.reduce((acc, next) => acc.unionAll(next), first);
  return db
    .selectFrom(union.as('overdue'))
    .selectAll()
    .orderBy('overdue_key')
    .orderBy('kind_rank')
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<(WorkRow & { overdue_key: string })[]>;
}
