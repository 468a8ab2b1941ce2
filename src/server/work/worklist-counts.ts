import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { WorkKind, WorkState } from '../../domain/worklist';
import { matchesSearch } from '../db/search-condition';
import { PLAIN_WALK, type IndexPlan, type SearchPlan } from '../db/search-index';
import type { DB } from '../db/schema';
import { withOverLimit, withTicketFacets } from './worklist-filters';
import { planFor, SEARCH_COLUMNS, type WorkFilter } from './worklist.repository';

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
  { cap, capWithIndex = false, stateCandidates }: CountOptions = {},
): Promise<Record<WorkState, number>> {
  const searching = isSearching(filter.search);
  // A side's states are counted at once: PostgreSQL answers them on connections of their own (a
  // capped count of a common query is ~20–40 ms a state at 2,000,000 items); SQLite, with one
  // connection, one after the other as before. The sides one after the other: a request takes at
  // most three of the pool's ten connections, leaving the rest to other people's lists.
  const countKind = async (
    kind: WorkKind,
  ): Promise<{ counts: Partial<Record<WorkState, number>>; capped: boolean }> => {
    const table = kind === 'ticket' ? 'tickets' : 'tasks';
    const { search } = filter;
    const narrowed = (plan: SearchPlan, from = db.selectFrom(table)) => {
      let query = from;
      if (filter.assignee === 'none') query = query.where('assignee_id', 'is', null);
      else if (filter.assignee !== undefined) query = query.where('assignee_id', '=', filter.assignee);
      if (searching) query = query.where((eb) => matchesSearch(eb, search, SEARCH_COLUMNS, plan));
      return withTicketFacets(withOverLimit(query, filter.overLimit), filter);
    };
    const listPlan = planFor(filter, kind);
    // Capped where the search index's candidates can be counted part-way (not a short list of
    // ids, which is counted exactly and cheaply).
    const capped =
      searching && cap !== undefined && capWithIndex && listPlan.use !== 'ids'
        ? { plan: countingPlan(listPlan), state: sql<string>`(work_state || '')` }
        : null;
    if (capped && cap !== undefined) {
      const upToCap = async (workState: WorkState) => {
        const matches = (
          stateCandidates
            ? narrowed(PLAIN_WALK, drivenBy(db, table, stateCandidates(kind, search, workState)))
            : narrowed(capped.plan)
        )
          .select(sql<number>`1`.as('one'))
          .where(capped.state, '=', workState)
          .limit(cap + 1);
        const row = await db
          .selectFrom(matches.as('capped'))
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst();
        return [workState, Number(row?.n ?? 0)] as const;
      };
      return { counts: Object.fromEntries(await Promise.all(WORK_STATE_NAMES.map(upToCap))), capped: true };
    }
    // Without a search the (work_state, assignee_id) index answers alone. With one every row's
    // text is read anyway: a plain scan then beats walking that index row by row, so the
    // state is compared as an expression no index serves (the same in both databases).
    const state = searching ? sql<string>`(work_state || '')` : sql<string>`work_state`;
    const rows = await narrowed(countingPlan(listPlan))
      .select([state.as('work_state'), (eb) => eb.fn.countAll<string | number>().as('n')])
      .where(state, 'in', WORK_STATE_NAMES)
      .groupBy(state)
      .execute();
    return { counts: Object.fromEntries(rows.map((row) => [row.work_state, Number(row.n)])), capped: false };
  };
  const counts: Record<WorkState, number> = { new: 0, in_progress: 0, closed: 0 };
  let someCapped = false;
  for (const kind of filter.kinds) {
    const side = await countKind(kind);
    someCapped ||= side.capped;
    for (const workState of WORK_STATE_NAMES) counts[workState] += side.counts[workState] ?? 0;
  }
  // A capped state stays capped when both sides add up: «1000+» either way.
  if (someCapped && cap !== undefined) {
    for (const workState of WORK_STATE_NAMES) counts[workState] = Math.min(cap + 1, counts[workState]);
  }
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
