import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { WorkKind, WorkState } from '../../domain/worklist';
import { matchesOnNamedRows, matchesSearch } from '../db/search-condition';
import { PLAIN_WALK, type IndexPlan, type SearchPlan } from '../db/search-index';
import type { DB } from '../db/schema';
import { withOverLimit, withTicketFacets } from './worklist-filters';
import { planFor, SEARCH_COLUMNS, tableOf, type WorkFilter } from './worklist.repository';

// The counts beside the worklist's state checkboxes (issue 20), capped while searching
// (issue 22, docs/decisions/027).

/**
 * Counting reads every match however it is found: through the index when the query has one
 * (however many rows it names, never more than a scan reads), else by a scan.
 */
function countingPlan(plan: SearchPlan): SearchPlan {
  if (plan.use !== 'walk' || !plan.otherwise) return plan;
  // PostgreSQL: the rule as a LIKE of the column, whose statistics tell the planner whether to
  // read the search index or the rows in order, stopping at the cap either way (ADR 031).
  return plan.whole ? PLAIN_WALK : plan.otherwise;
}

export interface CountOptions {
  /** While searching, count each state only up to `cap + 1` («1000+»). */
  cap?: number;
  /**
   * Whether a search the index answers with more candidates than it lists by id is counted only
   * up to the cap (the app always does; the benchmark turns it off to count in full). PostgreSQL
   * counts the rule's matches in the state, which its search index answers together (ADR 029).
   */
  capWithIndex?: boolean;
  /**
   * SQLite's way (capabilities.ts cappedCountWay): the index's candidates of one state, read in
   * the index's order and each joined to its row (drivenBy) until the cap; asked for as
   * `id in (…)`, SQLite read every candidate first.
   */
  stateCandidates?: (kind: WorkKind, search: SearchQuery, state: WorkState) => IndexPlan;
  /**
   * PostgreSQL's way (`filter`): the rows of one state the search index names, as a condition on
   * the table (search-index.ts countingCondition), the rule checked beside it. Undefined (every
   * string three characters or more, which pg_trgm answers; or matches dense enough to walk to),
   * or no option: the rule's LIKEs alone.
   */
  stateCondition?: (
    kind: WorkKind,
    search: SearchQuery,
    state: WorkState,
    upTo: number,
  ) => RawBuilder<SqlBool> | undefined;
  /** About how many items of a kind are in a state (the trigram counts'): which side to count first. */
  population?: (kind: WorkKind, state: WorkState) => number | undefined;
}

/**
 * How many items each state holds under the other filters (type, assignee, search): the
 * numbers beside the state checkboxes (issue 20). Items in the Корзина are in no state.
 * With a search and `cap`, a state whose matches would take long to count is counted only up to
 * `cap + 1` (shown as «1000+», src/domain/state-counts.ts): a common query then stops after that
 * many matches instead of reading every one (issue 22, docs/decisions/027). A search the index
 * answers with a short list of ids is counted exactly, as that is cheap.
 */
export async function countWork(
  db: Kysely<DB>,
  filter: Omit<WorkFilter, 'states' | 'overdueBefore'>,
  { cap, capWithIndex = false, stateCandidates, stateCondition, population }: CountOptions = {},
): Promise<Record<WorkState, number>> {
  const searching = isSearching(filter.search);
  const { search } = filter;
  /** `named`: the rule checked on rows a condition beside it names (stateCondition). */
  const narrowed = (kind: WorkKind, plan: SearchPlan | 'named', from = db.selectFrom(tableOf(kind))) => {
    let query = from;
    if (filter.assignee === 'none') query = query.where('assignee_id', 'is', null);
    else if (filter.assignee !== undefined) query = query.where('assignee_id', '=', filter.assignee);
    if (searching) {
      query = query.where((eb) =>
        plan === 'named'
          ? matchesOnNamedRows(eb, search, SEARCH_COLUMNS)
          : matchesSearch(eb, search, SEARCH_COLUMNS, plan),
      );
    }
    return withTicketFacets(withOverLimit(query, filter.overLimit), filter);
  };
  // Capped where the search index's candidates can be counted part-way (not a short list of
  // ids, which is counted exactly and cheaply).
  const isCapped = (kind: WorkKind) =>
    searching && cap !== undefined && capWithIndex && planFor(filter, kind).use !== 'ids';

  /** A side's states counted in full: one query (the index answers, or a short list of ids). */
  const countExactly = async (kind: WorkKind) => {
    // Without a search the (work_state, assignee_id) index answers alone. With one every row's
    // text is read anyway: a plain scan then beats walking that index row by row, so the
    // state is compared as an expression no index serves (the same in both databases).
    const state = searching ? sql<string>`(work_state || '')` : sql<string>`work_state`;
    const rows = await narrowed(kind, countingPlan(planFor(filter, kind)))
      .select([state.as('work_state'), (eb) => eb.fn.countAll<string | number>().as('n')])
      .where(state, 'in', WORK_STATE_NAMES)
      .groupBy(state)
      .execute();
    return rows.map((row) => [row.work_state as WorkState, Number(row.n)] as const);
  };

  /**
   * The condition naming a side's rows in a state (stateCondition), asked once for each: undefined
   * where the state's matches are read by the rule (dense, or strings pg_trgm answers).
   */
  const conditions = new Map<string, RawBuilder<SqlBool> | undefined>();
  const namedIn = (kind: WorkKind, workState: WorkState) => {
    const key = `${kind}:${workState}`;
    if (!conditions.has(key)) {
      conditions.set(
        key,
        stateCandidates ? undefined : stateCondition?.(kind, search, workState, (cap ?? 0) + 1),
      );
    }
    return conditions.get(key);
  };

  /** A side's matches in one state, counted up to `upTo`. */
  const countUpTo = async (kind: WorkKind, workState: WorkState, upTo: number) => {
    const table = tableOf(kind);
    const named = namedIn(kind, workState);
    const matches = (
      stateCandidates
        ? narrowed(kind, PLAIN_WALK, drivenBy(db, table, stateCandidates(kind, search, workState)))
        : named
          ? narrowed(kind, 'named').where(named)
          : narrowed(kind, countingPlan(planFor(filter, kind)))
    )
      .select(sql<number>`1`.as('one'))
      .where(sql<string>`(work_state || '')`, '=', workState)
      .limit(upTo);
    const row = await db
      .selectFrom(matches.as('capped'))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  const counts: Record<WorkState, number> = { new: 0, in_progress: 0, closed: 0 };
  // The exact sides first (one query each, one after the other: SQLite has one connection).
  for (const kind of filter.kinds.filter((kind) => !isCapped(kind))) {
    for (const [workState, n] of await countExactly(kind)) counts[workState] += n;
  }
  const cappedKinds = filter.kinds.filter(isCapped);
  if (cappedKinds.length === 0 || cap === undefined) return counts;
  // Each state counted up to cap + 1 over the sides together: a side whose matches are dense
  // enough to walk to first (PostgreSQL's pairs: «12» among closed tickets walked in a few ms,
  // where closed tasks, sparser, took 36 off the pieces' index), then the side with fewer items in
  // it (its index scan is the cheaper), the other only for what is still missing — none when the
  // first reached the cap («иванов»: three capped counts instead of six). The states
  // at once: PostgreSQL answers them on connections of their own (at most three of the pool's
  // ten, leaving the rest to other people's lists); SQLite one after the other.
  await Promise.all(
    WORK_STATE_NAMES.map(async (workState) => {
      const named = (kind: WorkKind) => (stateCondition && namedIn(kind, workState) !== undefined ? 1 : 0);
      const sides = [...cappedKinds].sort(
        (a, b) =>
          named(a) - named(b) || (population?.(a, workState) ?? 0) - (population?.(b, workState) ?? 0),
      );
      for (const kind of sides) {
        const missing = cap + 1 - counts[workState];
        if (missing <= 0) break;
        // Awaited before adding: each state's chain is the only writer of its count.
        const found = await countUpTo(kind, workState, missing);
        counts[workState] += found;
      }
      // A capped state stays capped when an exact side adds to it: «1000+» either way.
      counts[workState] = Math.min(cap + 1, counts[workState]);
    }),
  );
  return counts;
}

const WORK_STATE_NAMES: WorkState[] = ['new', 'in_progress', 'closed'];

/**
 * A side's rows in the order the search index names them: the candidates first (each once: a
 * row may be named by its text and its phone), each joined to its row by id. SQLite takes a
 * CROSS JOIN's left side as the outer loop, so the candidates stream and a LIMIT stops them.
 */
export function drivenBy(db: Kysely<DB>, table: 'tickets' | 'tasks', candidates: IndexPlan) {
  // Typed as the table alone: the join adds only `candidates.candidate`, which no filter names,
  // so the list's own filters (unqualified columns) apply unchanged.
  const joined = db
    .selectFrom(sql`(select distinct id as candidate from ${candidates.rows} as named)`.as('candidates'))
    .crossJoin(table) as unknown as SelectQueryBuilder<DB, typeof table, object>;
  return joined.where(sql<boolean>`${sql.ref(`${table}.id`)} = candidates.candidate`);
}
