import type { SearchPlan } from './search-index';

/** How far a walk that may find little goes before the index is read instead. */
export const WALK_ROWS = 3000;

/**
 * The furthest a second stretch of a walk goes (readPlanned). On SQLite at 2,000,000 items a
 * walked row cost about 0.45 µs where its pages were cached (10,000 rows in 4.5 ms), a candidate
 * read from the index 5–7 µs (its row by rowid, then the sort: 13,267 in 60–90 ms), and a walk
 * falls back on the index only where it named more than CANDIDATE_LIMIT (2,500) of them: 30,000
 * rows walked cost about what the smallest such read does.
 */
export const LONGEST_WALK = 30_000;

/** How much further than the first stretch's share of matches predicts the second goes. */
const MARGIN = 1.5;

const PLAIN_WALK: SearchPlan = { use: 'walk' };

/**
 * A list's page under a search plan. A walk with an index to fall back on reads a stretch of
 * WALK_ROWS rows of the list's order (`read` with `within`: the matches among the list's first
 * that many rows, the walk stopping where the page fills). Where that did not fill the page but
 * found some of it, the matches are about that common further on too: the walk walks again from
 * the start, as far as they predict for a page with a margin, when that is at most LONGEST_WALK
 * rows («яковлев» in the task list at 2,000,000 items: 36 in the first 3,000 rows, a page within
 * 6,400; reading its 13,267 candidates instead took 60–90 ms). Otherwise, the query matches
 * little there and the index's rows are read. A stretch that did not fill the page is the whole
 * list's answer where the list is no longer than it (`reaches`).
 */
export async function readPlanned<Row>(
  plan: SearchPlan,
  limit: number,
  list: {
    /** The page; with `within`, of the matches among the list's first `within` rows only. */
    read(plan: SearchPlan, within?: number): Promise<Row[]>;
    /**
     * Whether the list without its search has at least n rows; true where not known (the index
     * is then read where the stretch was the whole list: the same rows, later).
     */
    reaches(n: number): Promise<boolean>;
  },
): Promise<Row[]> {
  if (plan.use !== 'walk' || !plan.otherwise) return list.read(plan);
  if (plan.whole) return list.read({ use: 'walk', whole: true });
  const within = plan.within ?? WALK_ROWS;
  /** The page, when a walk of the list's first `rows` rows fills it or is the whole list. */
  const walk = async (rows: number): Promise<{ page: Row[] | null; found: number }> => {
    const walked = await list.read(PLAIN_WALK, rows);
    if (walked.length >= limit || !(await list.reaches(rows + 1)))
      return { page: walked, found: walked.length };
    return { page: null, found: walked.length };
  };
  const first = await walk(within);
  if (first.page) return first.page;
  const further = first.found > 0 ? Math.ceil((within * limit * MARGIN) / first.found) : Infinity;
  if (further <= LONGEST_WALK) {
    const second = await walk(further);
    if (second.page) return second.page;
  }
  return list.read(plan.otherwise);
}
