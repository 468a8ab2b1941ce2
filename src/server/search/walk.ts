import { indexStopsAtLimit } from './candidates';
import { readCandidates, withRoad, type SearchPlan } from './plan';
import { HEAD_ROWS, WALK_ROWS } from './tuning';

/**
 * A list's page under a search plan. An undecided search walks the list's first HEAD_ROWS rows in
 * its order (`read` with `within`: the walk stops where the page fills): a common query's page is
 * there. Otherwise the index is asked for its candidates: at most CANDIDATE_LIMIT are read by id;
 * more make the query common, and the walk goes on to WALK_ROWS rows before every row the index
 * names is read instead — unless the head, as dense as it showed the query, puts fewer matches
 * than the page in that stretch. A stretch that reaches the list's end is the list's answer.
 *
 * Where the head shows the stretch would not fill the page, PostgreSQL is not asked either when
 * the list reads the rows its index names as the query's table (`namedAsTable`): its GIN index
 * gathers every candidate before the first, so that asking how many costs what reading them does.
 * (Read beside the list's order instead, the rows a rare query names are not sorted but found by
 * walking the order: PostgreSQL takes a rare string's matches to be spread along it.) Where the
 * stretch would fill it, the ask stays: a query of a few thousand rows is read by id, where
 * PostgreSQL would read most of a short list to walk it.
 */
export async function readPlanned<Row>(
  plan: SearchPlan,
  limit: number,
  list: {
    /** The page; with `within`, of the matches among the list's first `within` rows only. */
    read(plan: SearchPlan, within?: number): Promise<Row[]>;
    /** Whether the list without its search has at least n rows; true where not known. */
    reaches(n: number): Promise<boolean>;
    /** Whether `read` takes the rows the index names (road `index`) as the query's table. */
    namedAsTable?: boolean;
  },
): Promise<Row[]> {
  const { head, further } = plan.walkRows ?? { head: HEAD_ROWS, further: WALK_ROWS };
  /** The matches among the list's first `rows` rows; `done` when they fill the page or are the whole list. */
  const walk = async (rows: number) => {
    const walked = await list.read(withRoad(plan, { use: 'scan' }), rows);
    return { walked, done: walked.length >= limit || !(await list.reaches(rows + 1)) };
  };
  const everyNamed = () => list.read(withRoad(plan, { use: 'index' }));
  const { use } = plan.road;
  if (use !== 'search' && use !== 'walk') return list.read(plan);
  if (use === 'search') {
    const first = await walk(head);
    if (first.done) return first.walked;
    // The stretch would find about `further / head` times the head's matches.
    const sparse = first.walked.length * further < limit * head;
    if (!sparse || !list.namedAsTable || indexStopsAtLimit(plan.database.dialect)) {
      const ids = await readCandidates(plan);
      if (ids) return list.read(withRoad(plan, { use: 'ids', ids }));
    }
    if (sparse) return everyNamed();
  }
  const stretch = await walk(further);
  return stretch.done ? stretch.walked : everyNamed();
}
