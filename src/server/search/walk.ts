import { withRoad, type SearchPlan } from './plan';
import { WALK_ROWS } from './tuning';

/**
 * A list's page under a search plan. A common query's (`walk`) reads the matches among the list's
 * first WALK_ROWS rows in its order (`read` with `within`, the walk stopping where the page
 * fills); where that did not fill the page and the list goes on past the stretch, its matches sit
 * further down, and every row the index names is read instead.
 */
export async function readPlanned<Row>(
  plan: SearchPlan,
  limit: number,
  list: {
    /** The page; with `within`, of the matches among the list's first `within` rows only. */
    read(plan: SearchPlan, within?: number): Promise<Row[]>;
    /** Whether the list without its search has at least n rows; true where not known. */
    reaches(n: number): Promise<boolean>;
  },
): Promise<Row[]> {
  if (plan.road.use !== 'walk') return list.read(plan);
  const within = plan.walkRows ?? WALK_ROWS;
  const walked = await list.read(withRoad(plan, { use: 'scan' }), within);
  if (walked.length >= limit || !(await list.reaches(within + 1))) return walked;
  return list.read(withRoad(plan, { use: 'index' }));
}
