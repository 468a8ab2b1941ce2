// The numbers search is tuned by, each with what it means and where it comes from
// (docs/search.md, «What keeps each part»).

/**
 * A search first walks this many rows of the list in its own order: a common query fills its page
 * there, without the index asked at all (one that matches one row in 20 fills 50 rows in ~1,000).
 */
export const HEAD_ROWS = 1000;

/**
 * At most this many of the index's candidates are read as ids and their rows sorted; a query naming
 * more is common, and the list's order is walked further (WALK_ROWS) before the index is read whole.
 */
export const CANDIDATE_LIMIT = 2500;

/**
 * How far the walk of a query with more than CANDIDATE_LIMIT candidates goes before every row the
 * index names is read instead.
 */
export const WALK_ROWS = 10_000;

/**
 * PostgreSQL's counts of a search walk this many rows of a state before asking the index: a state
 * where the query is dense («а», «о») reaches the cap there, where the GIN index would first gather
 * every match of the state.
 */
export const COUNT_WALK_ROWS = 5000;

/**
 * SQLite: a string's trigrams asked of FTS5 — every third one (they overlap: «ива», «ван» and
 * «ано» rule out little more than «ива» and «нов»), and the last. Each asked trigram costs FTS5
 * a walk of its row list.
 */
export const TRIGRAM_STEP = 3;
