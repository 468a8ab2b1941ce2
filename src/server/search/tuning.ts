// The numbers search is tuned by, each with what it means and where it comes from
// (docs/search.md, «What keeps each part»).

/**
 * A search first walks this many rows of the list in its own order: a common query fills its page
 * there, without the index asked at all (one that matches one row in 20 fills 50 rows in ~1,000).
 */
export const HEAD_ROWS = 1000;

/**
 * The counts take a query held by at least one in this many of the list's first HEAD_ROWS rows as
 * common without asking the index for its candidates (PostgreSQL's GIN index gathers all of them
 * first: for «а», most of the table).
 */
export const COMMON_IN_HEAD = 20;

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
 * A PostgreSQL count walk that found the query dense enough to reach the cap within this many
 * times COUNT_WALK_ROWS rows walks on that far instead of asking the index: «смирнова» (one row
 * in nine of the shop data) or «77» reach «1000+» in ~10,000 rows, where the GIN index gathered
 * 100,000 candidates of the state first.
 */
export const COUNT_WALK_FURTHER = 4;

/**
 * A string's trigrams asked of the index: every second one, and the last. They overlap: every
 * second names almost the same rows as all of them («иванов петр андреевич» at 2,000,000 items:
 * 301 rows either way; every third, 560) and each asked trigram costs the index a walk of its
 * row list (34 against 58 ms in FTS5 there).
 */
export const TRIGRAM_STEP = 2;
