import { readCandidates, withRoad, type SearchPlan } from './plan';
import { HEAD_ROWS, WALK_ROWS } from './tuning';

/**
 * A list's page under a search plan. An undecided search walks the list's first HEAD_ROWS rows in
 * its order (`read` with `within`: the walk stops where the page fills): a common query's page is
 * there. Otherwise the index is asked for its candidates: at most CANDIDATE_LIMIT are read by id;
 * more make the query common, and the walk goes on to WALK_ROWS rows before every row the index
 * names is read instead — unless the head, as dense as it showed the query, puts fewer matches
 * than the page in that stretch. A stretch that reaches the list's end is the list's answer.
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
    const ids = await readCandidates(plan);
    if (ids) return list.read(withRoad(plan, { use: 'ids', ids }));
    // The stretch would find about `further / head` times the head's matches.
    if (first.walked.length * further < limit * head) return everyNamed();
  }
  const stretch = await walk(further);
  return stretch.done ? stretch.walked : everyNamed();
}
