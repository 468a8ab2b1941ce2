// The numbers search is tuned by, each with what it means and where it comes from
// (docs/search.md, «What keeps each part»).

/**
 * At most this many candidates of the index are read as ids and their rows sorted; a query naming
 * more is common, and the list's own order is walked first. Reading one candidate's row costs
 * 3–7 µs (SQLite at 2,000,000 items), so 2,500 of them stay within a page's budget.
 */
export const CANDIDATE_LIMIT = 2500;

/**
 * How many rows of a list's order the walk of a common query reads before the index is read
 * instead: a query with more than CANDIDATE_LIMIT candidates among the states shown fills a page
 * within this stretch unless its matches sit far down the list (then the index's rows are read).
 */
export const WALK_ROWS = 10_000;

/**
 * SQLite: a string's trigrams asked of FTS5 — every third one (they overlap: «ива», «ван» and
 * «ано» rule out little more than «ива» and «нов»), and the last. Each asked trigram costs FTS5
 * a walk of its row list.
 */
export const TRIGRAM_STEP = 3;
