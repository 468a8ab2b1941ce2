import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSearching } from '../../domain/search-text';
import { WORK_STATES, type WorkKind, type WorkState } from '../../domain/worklist';
import type { DB } from '../db/schema';
import { countingRoad, countUpTo, searchCondition, withRoad, type SearchPlan } from '../search';
import { withOverLimit, withTicketFacets } from './worklist-filters';
import { planFor, tableOf, type WorkFilter } from './worklist.repository';

// The counts beside the worklist's state checkboxes (issue 20), capped while searching (issue 22).

export interface CountOptions {
  /** While searching a common query, count each state only up to `cap + 1` («1000+»). */
  cap?: number;
}

/**
 * How many items each state holds under the other filters (type, assignee, search): the
 * numbers beside the state checkboxes. Items in the Корзина are in no state. With `cap`, a
 * common search is counted only up to `cap + 1` in each state (shown as «1000+»,
 * src/domain/state-counts.ts), its sides together; one whose index names few rows, exactly.
 */
export async function countWork(
  db: Kysely<DB>,
  filter: Omit<WorkFilter, 'states' | 'overdueBefore'>,
  { cap }: CountOptions = {},
): Promise<Record<WorkState, number>> {
  const narrowed = <O>(query: SelectQueryBuilder<DB, 'tickets' | 'tasks', O>) => {
    let q = query;
    if (filter.assignee === 'none') q = q.where('assignee_id', 'is', null);
    else if (filter.assignee !== undefined) q = q.where('assignee_id', '=', filter.assignee);
    return withTicketFacets(withOverLimit(q, filter.overLimit), filter);
  };
  const searching = isSearching(filter.search);
  const counts: Record<WorkState, number> = { new: 0, in_progress: 0, closed: 0 };
  const cappedPlans: SearchPlan[] = [];
  // The exact sides first, one query each (SQLite has one connection): without a search, a number
  // alone, or a query whose index names few rows; the others up to the cap.
  for (const kind of filter.kinds) {
    const planned = planFor(filter, kind);
    const plan = planned && searching && cap !== undefined ? await countingRoad(planned, narrowed) : planned;
    if (plan && cap !== undefined && plan.road.use === 'walk') cappedPlans.push(plan);
    else for (const [state, n] of await countExactly(db, kind, plan, narrowed)) counts[state] += n;
  }
  if (cappedPlans.length === 0 || cap === undefined) return counts;
  // Each state up to cap + 1 over the capped sides together: the second side only for what the
  // first left missing. The states at once (PostgreSQL answers them on connections of their own).
  await Promise.all(
    WORK_STATES.map(async (state) => {
      for (const plan of cappedPlans) {
        const missing = cap + 1 - counts[state];
        if (missing <= 0) break;
        // Awaited before adding: each state's chain is the only writer of its count.
        const found = await countUpTo(plan, state, narrowed, missing);
        counts[state] += found;
      }
      counts[state] = Math.min(cap + 1, counts[state]);
    }),
  );
  return counts;
}

/**
 * A side's states counted in full, in one query. Without a search the (work_state, assignee_id)
 * index answers alone; a search is counted through every row its index names.
 */
async function countExactly(
  db: Kysely<DB>,
  kind: WorkKind,
  plan: SearchPlan | undefined,
  narrowed: <O>(
    query: SelectQueryBuilder<DB, 'tickets' | 'tasks', O>,
  ) => SelectQueryBuilder<DB, 'tickets' | 'tasks', O>,
) {
  let query = narrowed(db.selectFrom(tableOf(kind)));
  const counting =
    plan && plan.road.use !== 'ids' && plan.road.use !== 'none' ? withRoad(plan, { use: 'index' }) : plan;
  const searched = counting && searchCondition(counting);
  if (searched) query = query.where(searched);
  // Searching, the rows are those the ids or the index name: the state as an expression, or SQLite
  // walks the whole (work_state, assignee_id) index for its order, checking each row against them.
  const state = searched ? sql<string>`(work_state || '')` : sql<string>`work_state`;
  const rows = await query
    .select([state.as('work_state'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where(state, 'in', WORK_STATES)
    .groupBy(state)
    .execute();
  return rows.map((row) => [row.work_state as WorkState, Number(row.n)] as const);
}
