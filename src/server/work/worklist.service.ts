import type { Page } from '../../domain/page';
import { isSearching, parseSearchQuery } from '../../domain/search-text';
import {
  decide,
  indexStopsAtLimit,
  planSearch,
  readCandidates,
  statesAsked,
  type SearchPlan,
} from '../search';
import { todayIn } from '../../domain/due-marks';
import { addDays } from '../../domain/calendar-date';
import { overLimitCutoffs, startOfDayIn } from '../../domain/status-limits';
import { SEARCH_COUNT_CAP } from '../../domain/state-counts';
import type { WorkRulesValues } from '../../domain/work-rules';
import { CLOSED_SORT_PREFIX, WORK_STATES, type WorkKind, type WorkState } from '../../domain/worklist';
import { parseStates, type WorkItemDto, type WorklistQuery } from '../../domain/worklist-query';
import { queriesAreInProcess } from '../db/capabilities';
import type { Database } from '../db/database';
import { decodeCursor, encodeCursor, isDay, isRecordId, readParts } from '../db/cursor';
import { DEFAULT_PAGE_SIZE } from '../db/paging';
import {
  listOverdue,
  listWork,
  type OverdueCursor,
  type WorkCursor,
  type WorkFilter,
  type WorkRow,
} from './worklist.repository';
import { countWork, type CountOptions } from './worklist-counts';
import { keptCountsAnswer, readKeptCounts } from './kept-counts';
import { toWorkItem } from './work-item-dto';

const workCursor = (row: WorkRow) => encodeCursor([row.work_sort, row.kind_rank, row.id]);

/** The worklist's position (work_sort, kind rank, id), from its parts. */
function readWorkCursor([sort, rank, id]: unknown[]): WorkCursor | undefined {
  return typeof sort === 'string' && /^\d{23}$/.test(sort) && (rank === 0 || rank === 1) && isRecordId(id)
    ? { sort, rank, id }
    : undefined;
}

const TABLES = { ticket: 'tickets', task: 'tasks' } as const;

const KINDS: Record<NonNullable<WorklistQuery['type']>, WorkKind[]> = {
  all: ['ticket', 'task'],
  tickets: ['ticket'],
  tasks: ['task'],
};

function assigneeFilter(assignee: string | undefined): number | 'none' | undefined {
  if (assignee === undefined) return undefined;
  return assignee === 'none' ? 'none' : Number(assignee);
}

/** The combined worklist: filtered, ordered and paged in SQL (spec §2, §4). */
/**
 * «Сначала просроченные» pages start in the overdue part ('o') and go on to the rest ('r'). Each
 * cursor carries the day the list was split on: a page asked for after midnight goes on with
 * the same split, so no item is shown twice or skipped when it turns overdue meanwhile.
 */
function encodeOverdueCursor(row: WorkRow & { overdue_key: string }, day: string): string {
  return encodeCursor(['o', row.overdue_key, row.kind_rank, row.id, day]);
}

const encodeRestCursor = (row: WorkRow, day: string) => encodeCursor(['r', day, workCursor(row)]);

type OverdueFirstCursor =
  | { part: 'overdue'; after: OverdueCursor; day: string | undefined }
  | { part: 'rest'; after: WorkCursor; day: string | undefined };

function readOverdueFirstCursor([mark, key, rank, id, day]: unknown[]): OverdueFirstCursor | undefined {
  if (mark === 'r') {
    const after = typeof rank === 'string' ? readParts(rank, readWorkCursor) : undefined;
    return isDay(key) && after ? { part: 'rest', after, day: key } : undefined;
  }
  const overdue =
    mark === 'o' &&
    typeof key === 'string' &&
    /^\d{22}$/.test(key) &&
    (rank === 0 || rank === 1) &&
    isRecordId(id) &&
    (day === undefined || isDay(day));
  return overdue ? { part: 'overdue', after: { key, rank, id }, day } : undefined;
}

/** An overdue-first position; a plain list cursor (made before cursors carried their day) is the rest part, split today. */
function decodeOverdueFirstCursor(raw: string | undefined): OverdueFirstCursor | undefined {
  return decodeCursor(raw, (parts) => {
    const plain = readWorkCursor(parts);
    return plain ? { part: 'rest', after: plain, day: undefined } : readOverdueFirstCursor(parts);
  });
}

interface WorklistDeps {
  database: Database;
  /** The shop's time zone and limits per status («Настройки» → «Сроки»). */
  rules: () => Promise<WorkRulesValues>;
  now: () => Date;
}

/** Each plan's candidates, asked of the index at most once, when first wanted. */
function sharedCandidates(plans: Partial<Record<WorkKind, SearchPlan>>) {
  return Object.fromEntries(
    Object.entries(plans).map(([kind, plan]) => {
      let asked: Promise<number[] | null> | undefined;
      return [kind, () => (asked ??= readCandidates(plan))];
    }),
  ) as Partial<Record<WorkKind, () => Promise<number[] | null>>>;
}

/** The combined worklist: filtered, ordered and paged in SQL (spec §2, §4). */
export function createWorklistService({ database, rules, now }: WorklistDeps) {
  const today = async () => todayIn((await rules()).timeZone, now());
  const reading = { positionsFirst: queriesAreInProcess(database.dialect) };

  /** How each side answers the search among items in these states. */
  function searchPlans(filter: Omit<WorkFilter, 'states'>, states: readonly WorkState[]) {
    return Object.fromEntries(
      filter.kinds.map((kind) => [kind, planSearch(database, TABLES[kind], filter.search, states)]),
    ) as Partial<Record<WorkKind, SearchPlan>>;
  }

  /** The filters every query shares; «Дольше срока в статусе» narrows to tickets over their limit. */
  async function baseFilter(query: WorklistQuery): Promise<Omit<WorkFilter, 'states'>> {
    const search = parseSearchQuery(query.q ?? '');
    const filter: Omit<WorkFilter, 'states'> = {
      kinds: KINDS[query.type ?? 'all'],
      assignee: assigneeFilter(query.assignee),
      search,
    };
    const { status, provider, receivedWeek, closedWeek, stage } = query;
    if (status ?? provider ?? receivedWeek ?? closedWeek ?? stage) {
      filter.kinds = filter.kinds.filter((kind) => kind === 'ticket');
      filter.ticketStatus = status;
      filter.channel = provider;
      if (stage) filter.stageId = Number(stage);
      const { timeZone } = await rules();
      const week = (monday: string) => ({
        from: startOfDayIn(monday, timeZone),
        to: startOfDayIn(addDays(monday, 7), timeZone),
      });
      if (receivedWeek) filter.createdBetween = week(receivedWeek);
      if (closedWeek) filter.closedBetween = week(closedWeek);
    }
    if (query.overLimit !== '1') return filter;
    const current = await rules();
    return {
      ...filter,
      kinds: filter.kinds.filter((kind) => kind === 'ticket'),
      overLimit: overLimitCutoffs(current, todayIn(current.timeZone, now()), current.timeZone),
    };
  }

  return {
    async list(query: WorklistQuery): Promise<Page<WorkItemDto>> {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const states = parseStates(query.states);
      if (states.length === 0) return { items: [], nextCursor: null };
      const base = await baseFilter(query);
      if (query.order === 'overdue') return listOverdueFirst({ ...base, states }, query.cursor, limit);
      const rows = await readWork({ ...base, states }, decodeCursor(query.cursor, readWorkCursor), limit + 1);
      return pageOf(rows, limit, workCursor);
    },

    /**
     * The number of items in each state under the list's other filters: without a search, read off
     * the counts the database keeps (kept-counts.ts) unless a dashboard facet narrows it; while searching, up to
     * SEARCH_COUNT_CAP + 1 («1000+») where counting every match would take long. `how` lets the
     * benchmark count in full for comparison (scripts/bench-counts.ts).
     */
    async counts(query: WorklistQuery, how: CountOptions = { cap: SEARCH_COUNT_CAP }) {
      const base = await baseFilter(query);
      if (!isSearching(base.search) && keptCountsAnswer(base)) return readKeptCounts(database, base);
      return countWork(database.db, { ...base, searchPlans: searchPlans(base, WORK_STATES) }, how);
    },
  };

  /**
   * A page of the list in its own order. Searched with Закрытые and open states ticked, the open
   * part (every open key sorts before every closed one) and then, when the page is not full, the
   * closed part are read each under its own search plan: a query common among closed items and
   * rare among open ones (most of a shop's items are closed) would otherwise be common for the
   * list as a whole — its walk then crosses the open part finding nothing, and the index's every
   * candidate is read and sorted (SQLite: «кузнецов» 490 ms at 2,000,000 items).
   */
  async function readWork(
    filter: Omit<WorkFilter, 'searchPlans'>,
    after: WorkCursor | undefined,
    limit: number,
  ) {
    const planned = (states: readonly WorkState[]): WorkFilter => ({
      ...filter,
      states: [...states],
      searchPlans: searchPlans(filter, states),
    });
    const open = filter.states.filter((state) => state !== 'closed');
    if (!isSearching(filter.search) || open.length === 0 || open.length === filter.states.length) {
      return listWork(database.db, planned(filter.states), after, limit, reading);
    }
    // Where the index stops at a LIMIT, it is asked once a side for both parts (candidates of any
    // state), and the open part asks again with its own states only when that names too many
    // (SQLite asks the index for the closed part's candidates of every state: statesAsked).
    const shared = indexStopsAtLimit(database.dialect)
      ? sharedCandidates(searchPlans(filter, filter.states))
      : {};
    const part = (states: readonly WorkState[]): WorkFilter => {
      const plans = searchPlans(filter, states);
      for (const kind of filter.kinds) {
        const plan = plans[kind];
        const whole = shared[kind];
        if (!plan || !whole) continue;
        // A part whose states the index is not asked for would ask what `whole` asked.
        const own = statesAsked(database.dialect, plan.list, plan.states)
          ? () => readCandidates(plan)
          : async () => null;
        plans[kind] = { ...plan, candidates: async () => (await whole()) ?? own() };
      }
      return { ...filter, states: [...states], searchPlans: plans };
    };
    const inClosedPart = after !== undefined && after.sort >= CLOSED_SORT_PREFIX;
    const rows = inClosedPart ? [] : await listWork(database.db, part(open), after, limit, reading);
    if (rows.length >= limit) return rows;
    const closed = part(['closed']);
    return [
      ...rows,
      ...(await listWork(
        database.db,
        closed,
        inClosedPart ? after : undefined,
        limit - rows.length,
        reading,
      )),
    ];
  }

  /**
   * The overdue items first (oldest due date first), then the rest in the spec's order
   * without them: one page may end the first part and start the second.
   */
  async function listOverdueFirst(
    filter: Omit<WorkFilter, 'searchPlans'>,
    cursor: string | undefined,
    limit: number,
  ) {
    const position = decodeOverdueFirstCursor(cursor);
    const day = position?.day ?? (await today());
    const rest = { ...filter, overdueBefore: day };
    const encodeRest = (row: WorkRow) => encodeRestCursor(row, day);
    if (position?.part === 'rest') {
      return pageOf(await readWork(rest, position.after, limit + 1), limit, encodeRest);
    }
    const overdueAfter = position?.part === 'overdue' ? position.after : undefined;
    // Planned here, not for the rest: readWork plans each of its parts itself. The overdue part is
    // read in one query, not walked: its plan is decided by the index's candidates up front.
    const plans = searchPlans(filter, filter.states);
    const decided = await Promise.all(filter.kinds.map(async (kind) => [kind, await decide(plans[kind]!)]));
    const planned: WorkFilter = { ...filter, searchPlans: Object.fromEntries(decided) };
    const overdue = await listOverdue(database.db, planned, day, overdueAfter, limit + 1);
    const encodeOverdue = (row: WorkRow & { overdue_key: string }) => encodeOverdueCursor(row, day);
    if (overdue.length > limit) return pageOf(overdue, limit, encodeOverdue);
    const others = await readWork(rest, undefined, limit - overdue.length + 1);
    const rows = [...overdue, ...others];
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toWorkItem),
      nextCursor:
        rows.length > limit && last
          ? 'overdue_key' in last
            ? encodeOverdue(last as WorkRow & { overdue_key: string })
            : encodeRest(last)
          : null,
    };
  }
}

function pageOf<Row extends WorkRow>(
  rows: Row[],
  limit: number,
  encode: (row: Row) => string,
): Page<WorkItemDto> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toWorkItem), nextCursor: rows.length > limit && last ? encode(last) : null };
}

export type WorklistService = ReturnType<typeof createWorklistService>;
