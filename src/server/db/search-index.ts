import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { Database } from './database';
import { SEARCHED_COLUMNS, stateToken, stateTrigram } from './migrations/0017-search-index';
import { phoneTail } from './migrations/0022-phone-start-covered';
import { hasPhoneTail, inStateCondition, isLong, keyColumn, phoneStartRows } from './candidate-parts';
import { containsPattern, DEFAULT_PAGE_SIZE } from './paging';
import { readCandidates } from './read-candidates';
import { sampleShowsAtLeast, sampleShowsDense, sampleShowsShare } from './sampled-matches';
import { WALK_ROWS } from './read-planned';
import { gramToken } from './search-grams';
import { chooseTrigrams } from './trigram-choice';
import { rowsInStates, type TableTrigrams } from './trigram-stats';

export type SearchedTable = keyof typeof SEARCHED_COLUMNS;

/**
 * How a list finds what a query matches (docs/decisions/020-search-index.md):
 * - `ids`: the index named every row that may match, few enough to read and sort (the rows are
 *   still checked against the rule itself);
 * - `index`: every row the index names (`rows`, a subquery of ids), however many;
 * - `walk`: the list is read in its own order and each row checked until the page is full. With
 *   `otherwise`, the query matches many rows: the walk is tried for a limited stretch of the list
 *   (readPlanned) and the index read instead when the page did not fill in it. Without, it is
 *   the plain scan the rule describes (tests compare against it).
 */
export type SearchPlan =
  /**
   * `keys`: PostgreSQL read each id's place in the list's order with it (`ordered`), so that the
   * list reads the ids in that order, a page at a time (readIdsInOrder).
   */
  | { use: 'ids'; ids: number[]; keys?: string[] }
  | IndexPlan
  /**
   * `within`: how many rows of the list's order the walk's first stretch reads (WALK_ROWS; tests
   * set fewer; read-planned.ts).
   * `whole`: PostgreSQL walks to the page's end (planSearch), the rule stated so that its planner
   * walks; `otherwise` is then not read (counts use the column's LIKE, countingPlan).
   */
  | { use: 'walk'; otherwise?: IndexPlan; within?: number; whole?: boolean };

export interface IndexPlan {
  use: 'index';
  rows: RawBuilder<unknown>;
}

export const PLAIN_WALK: SearchPlan = { use: 'walk' };

/**
 * Above this many rows the index's ids are not read one by one: the query matches much, and the
 * list's own order, walked, most likely fills its page soon (readPlanned).
 */
export const CANDIDATE_LIMIT = 2500;

/** The strings a query looks for anywhere in the stored text or phone digits. */
function containedStrings(search: SearchQuery): string[] {
  return [...(search.text === null ? [] : [search.text]), ...search.phoneContains];
}

/** Every string a query looks for in the stored text or phone digits (src/domain/search-text.ts). */
function searchedStrings(search: SearchQuery): string[] {
  return [...containedStrings(search), ...search.phoneStartsWith];
}

/**
 * An FTS5 query: any of the strings, each as all of the trigrams chooseTrigrams asks for (quoted:
 * taken literally).
 */
export function ftsQuery(strings: string[], counts?: TableTrigrams): string {
  return strings.map((text) => `(${chooseTrigrams(text, counts).map(quoted).join(' AND ')})`).join(' OR ');
}

/**
 * Decides how a list answers a query; when the index names few rows, reads their ids. Rows in
 * the Корзина are candidates too: the list's own filters leave them out.
 */
export async function planSearch(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
  /** The column of the list's order (the worklist's `work_sort`), read with PostgreSQL's ids. */
  ordered?: string,
): Promise<SearchPlan> {
  if (!isSearching(search)) return PLAIN_WALK;
  const number = recordNumber(table, search);
  if (searchedStrings(search).length === 0) return { use: 'ids', ids: number === null ? [] : [number] };
  const sqlite = database.dialect === 'sqlite';
  // SQLite reads deeper where so many candidates could still be too sparse for a walk to fill a
  // page: then it knows (~1 ms more for a common query, only in large states).
  const sparseUpTo = sqlite ? sparseCandidates(database, table, states) : 0;
  // A query its sample shows common in these states, or matching more rows than are read as
  // ids, is walked at once. PostgreSQL: reading 2,501 candidates' rows only to learn that cost
  // 30–90 ms (a page each, most from outside shared buffers); «орлова» among every state, ~5,300
  // tasks: 20–40 ms to read 2,501. SQLite: reading FTS5's 5,001 ids of «иванов» to learn that,
  // 3–7 ms a list at 2,000,000 items, where the walk fills its page in under 1. Half as many
  // again: the low end of a share the sample shows (±30 %) is then still too many.
  // SQLite: text alone. A number is looked for as text, phone digits and phones' starts (five
  // LIKEs a row): walking «8900» (phones starting 900, one row in 90) took 29 ms at 2,000,000
  // items, where its candidates, the starts off the phones' B-tree, took 16.
  const sampled = !sqlite || (search.phoneContains.length === 0 && search.phoneStartsWith.length === 0);
  if (
    sampled &&
    (sampleShowsCommon(database, table, search, states) ||
      sampleShowsAtLeast(database, table, search, states, 1.5 * Math.max(CANDIDATE_LIMIT, sparseUpTo)))
  ) {
    return walkFirst(database, table, search, states);
  }
  const key = sqlite ? undefined : ordered;
  // PostgreSQL reads phones' starts off their B-tree alone, apart from the rest (ADR 033).
  const starts = sqlite ? undefined : phoneStartRows(table, search, states, key);
  const rows = candidateRows(database, table, search, states, 'rarest', key, starts !== undefined);
  const found = await readCandidates(
    database,
    // PostgreSQL reads the record a number names with its place too (digits: «8912» is a phone's
    // start and maybe ticket 8912), so that its ids keep their places (readIdsInOrder).
    key && number !== null
      ? sql`(select * from ${rows} as named union all select id, ${sql.ref(key)} as key from ${sql.table(table)} where id = ${number})`
      : rows,
    // PostgreSQL estimates the rows of the whole strings' LIKEs from its statistics of the column;
    // of the rarest trigrams' LIKEs and the whole string as an expression it knows nothing.
    sqlite ? undefined : candidateRows(database, table, search, states, 'whole'),
    Math.max(CANDIDATE_LIMIT, sparseUpTo),
    COMMON_ESTIMATE,
    starts,
  );
  // SQLite: more than CANDIDATE_LIMIT, yet too sparse for a walk to fill a page (sparseCandidates),
  // are every candidate, read: their ids are the plan (below) — asking the index for them again
  // cost ~5 ms of 14 («фёдоров игорь» among closed tickets at 2,000,000 items). PostgreSQL's
  // sparseUpTo is 0.
  const tooMany = found === null || (found.length > CANDIDATE_LIMIT && found.length > sparseUpTo);
  if (tooMany) return walkFirst(database, table, search, states);
  // With their places in the list's order (PostgreSQL, `ordered`; a record's number among them).
  if (found.length > 0 && found.every((candidate) => candidate.key !== undefined)) {
    const places = new Map(found.map(({ id, key }) => [id, key!]));
    return { use: 'ids', ids: [...places.keys()], keys: [...places.values()] };
  }
  const ids = new Set(found.map((candidate) => candidate.id));
  if (number !== null) ids.add(number);
  // SQLite, more than CANDIDATE_LIMIT: as the index's rows, from one JSON array, which its
  // planner reads first. Listed as `id in (?, ?, …)`, it walked the list's order checking each
  // row against them instead («фёдоров игорь» among closed tickets, 3,646 ids: 230 ms against
  // 9). Counted part-way, as the index's (worklist-counts.ts).
  if (sqlite && found.length > CANDIDATE_LIMIT) {
    return { use: 'index', rows: sql`(select value as id from json_each(${JSON.stringify([...ids])}))` };
  }
  return { use: 'ids', ids: [...ids] };
}

/**
 * A query matching many rows: the list's order walked, the index read where the walk did not
 * fill the page. PostgreSQL walks to the page's end: its planner read the query finding a
 * stretch's last row (the 3,000th, under a state compared as an expression) as a whole-table
 * sort. The stretch read as a subquery (worklist.repository.ts) it reads in order; not measured
 * against this.
 */
function walkFirst(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
): SearchPlan {
  const otherwise = indexPlan(database, table, search, states);
  return database.dialect === 'sqlite' ? { use: 'walk', otherwise } : { use: 'walk', otherwise, whole: true };
}

/** PostgreSQL's estimate above which a query is taken as common without reading its ids. */
const COMMON_ESTIMATE = 4 * CANDIDATE_LIMIT;

/**
 * Whether the query matches so many rows in `states` that the list's own order, walked, most
 * likely fills a page within two stretches of WALK_ROWS rows — a share of at least one row in
 * 118 («иванов», «яковлев» among open tickets: one row in 5 and in 30; «орлова», one in 70) — by
 * the sample of its rows (sampled-matches.ts). Twenty hits are enough: a share guessed 45 % high
 * costs a longer walk (on SQLite, at most LONGEST_WALK rows and then the index), where reading the
 * candidates of one in 70 cost 8–23 ms a list at 2,000,000 items (SQLite: FTS5's ids, then their
 * rows; PostgreSQL: each id's place) and the walk 1–5.
 */
function sampleShowsCommon(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
): boolean {
  const hits = 20;
  return sampleShowsShare(
    database,
    table,
    search,
    states,
    (hits * 2 * WALK_ROWS) / (DEFAULT_PAGE_SIZE + 1),
    hits,
  );
}

/** SQLite reads at most this many times CANDIDATE_LIMIT candidates (sparseCandidates). */
const FEW_MORE = 2;

/**
 * SQLite: up to how many candidates are too few for a walk of WALK_ROWS rows of the list to be
 * worth trying — spread over the rows in `states` (the trigram counts' state trigrams), fewer
 * than two pages' worth expected in the stretch, candidates being more than matches. Then the
 * ids read are the plan: «фёдоров игорь» among closed tickets, 2,777 candidates in 765,000 rows,
 * holds 11 in a stretch, none of them a match. More, and the walk is tried first («иванов» among
 * new tickets: 3,335 in 16,000, a page in the first few hundred rows). At most FEW_MORE ×
 * CANDIDATE_LIMIT (a common query's read grows with it); 0 without counts (the walk, as before
 * them).
 */
function sparseCandidates(database: Database, table: SearchedTable, states?: readonly string[]): number {
  const counts = database.trigramStats?.of(table);
  if (!counts || counts.rows === 0) return 0;
  const perStretch = (2 * (DEFAULT_PAGE_SIZE + 1)) / WALK_ROWS;
  return Math.min(FEW_MORE * CANDIDATE_LIMIT, Math.floor(rowsInStates(counts, table, states) * perStretch));
}

/**
 * About how many items of a list are in a state, by its trigram counts (SQLite: its index's state
 * trigrams; PostgreSQL: a sample's states); undefined before the first count.
 */
export function itemsInState(database: Database, table: SearchedTable, state: string): number | undefined {
  return database.trigramStats?.of(table)?.docs.get(stateTrigram(state));
}

/** Every row the index names for the query, however many; `#N` adds row N. */
export function indexPlan(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
): IndexPlan {
  const number = recordNumber(table, search);
  const rows = searchedStrings(search).length
    ? candidateRows(database, table, search, states)
    : sql`(select ${sql.lit(0)} as id where 1 = 0)`;
  return {
    use: 'index',
    rows: number === null ? rows : sql`(select id from ${rows} as named union all select ${number})`,
  };
}

/**
 * PostgreSQL: how the counts beside the states (worklist-counts.ts) find a state's matches, up to
 * `upTo`, where the query holds one or two characters: pg_trgm has no pair of them, and the
 * rule's LIKE read every row of the state («77» among 63,000 tasks in progress: 104 ms). Then
 * the rows the search index names, as a condition on the list's own table (its state-first
 * pieces' index answers it, and the LIMIT stops the table pages read; 1,001 of 1,643 candidates,
 * 19 ms) — unless the state's matches are dense enough to walk to (sampleShowsDense: «о», 6 against
 * 40 ms). Undefined: the rule's LIKEs, the planner choosing between pg_trgm and a walk. Wider
 * than the rule (short strings are looked for in the text and digits together): check the
 * rule beside it.
 */
export function countingCondition(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  state: string,
  upTo: number,
): RawBuilder<SqlBool> | undefined {
  if (containedStrings(search).every(isLong) || sampleShowsDense(database, table, search, state, upTo)) {
    return undefined;
  }
  const number = recordNumber(table, search);
  const named = pgCandidates(database, table, search, [state]);
  return number === null ? named : sql<SqlBool>`(${named} or id = ${number})`;
}

/** The record number a query names (`#12`, or digits that may be one); clients have none. */
function recordNumber(table: SearchedTable, search: SearchQuery): number | null {
  return table !== 'clients' && search.number !== null && search.number <= MAX_RECORD_ID
    ? search.number
    : null;
}

/**
 * A subquery of the ids of every row that may match the query's strings, in one of `states`
 * (any, when not given; a list without states ignores them). SQLite: the trigram table for
 * three characters or more, the pieces' table for fewer — both also holding each row's state
 * as a token — and the phone digits' own index for a number's start. PostgreSQL: pg_trgm's GIN
 * indexes and the pieces' GIN index.
 */
function candidateRows(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
  asked: 'rarest' | 'whole' = 'rarest',
  /** PostgreSQL: a column read beside each id, as `key`. */
  key?: string,
  /** PostgreSQL: without the phones' starts, which phoneStartRows reads (ADR 033). */
  startsApart = false,
): RawBuilder<unknown> {
  const columns = SEARCHED_COLUMNS[table];
  const inStates = columns.state && states ? { column: columns.state, states } : null;
  const contains = containedStrings(search);
  if (database.dialect === 'sqlite') {
    const counts = database.trigramStats?.of(table);
    // The states as index terms only where they rule out much: a term held by most rows costs
    // the index more than the rows it rules out («c», closed, in 765,000 of 1,000,000 tickets: an
    // FTS5 query 5.7 → 9.4 ms); the list checks the state on every row anyway.
    const selective = inStates && !(counts && rowsInStates(counts, table, states) > counts.rows / 2);
    const matching = (index: string, query: string, stateTerm: (state: string) => string) => {
      const inState =
        inStates && selective
          ? ` AND (${inStates.states.map((state) => quoted(stateTerm(state))).join(' OR ')})`
          : '';
      return sql`select rowid as id from ${sql.table(index)} where ${sql.table(index)} match ${`(${query})${inState}`}`;
    };
    const long = contains.filter(isLong);
    const short = contains.filter((text) => !isLong(text));
    const parts = [
      ...(long.length ? [matching(`${table}_search`, ftsQuery(long, counts), stateTrigram)] : []),
      ...(short.length
        ? [matching(`${table}_grams`, short.map((text) => quoted(gramToken(text))).join(' OR '), stateToken)]
        : []),
      // Digits only in the column: every value starting with them sorts before them followed by ':'.
      ...search.phoneStartsWith.map(
        (digits) =>
          sql`select id from ${sql.table(table)} where ${sql.ref(columns.phone)} >= ${digits} and ${sql.ref(columns.phone)} < ${`${digits}:`}${inStateCondition(inStates)}`,
      ),
    ];
    return sql`(${sql.join(parts, sql` union all `)})`;
  }
  // One state a query: its `=` is always part of the index scan. A list of them is a `= ANY`,
  // which the planner may leave to be checked on each row instead — and it did, where it
  // underestimated the trigrams («яковлев» among open tasks: 13,267 rows read for 2,374 in them).
  // States holding most rows (Закрытые) are not asked of the index: the state's key in it names
  // most rows, and walking them cost more than the few rows of other states it leaves out
  // («гт-523456» among closed tickets: 663 index pages and 13–15 ms, without the state 352 and
  // 6.4 ms). They are checked on the rows the trigrams name instead, as an expression no index
  // answers: the candidates stay those of the states shown, so that their number decides between
  // ids and a walk as before, and their ids hold no other state's (readIdsInOrder).
  const counts = database.trigramStats?.of(table);
  // Not for the planner's estimate (`whole`, only explained): it knows the state's expression
  // from the index's statistics, and nothing of the one checked on rows (PostgreSQL's default for
  // an expression without statistics: 0.5 % of the rows).
  const broad =
    asked === 'rarest' &&
    columns.state &&
    states &&
    counts &&
    rowsInStates(counts, table, states) > counts.rows / 2;
  const wanted = broad ? undefined : states;
  const onRows = broad ? inStateCondition({ column: columns.state, states }, true) : sql``;
  const each = columns.state && wanted && wanted.length > 1 ? wanted.map((state) => [state]) : [wanted];
  const parts = each.map(
    (some) =>
      sql`select id${keyColumn(key)} from ${sql.table(table)} where ${pgCandidates(database, table, search, some, asked, startsApart)}${onRows}`,
  );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** A trigram pg_trgm indexes: three letters or digits (it splits text into words at anything else). */
const isWordTrigram = (trigram: string) => /^[\p{L}\p{N}]{3}$/u.test(trigram);

/**
 * PostgreSQL: the condition naming every row that may match, on the list's own table — the
 * rarest trigrams of each string (pg-trigram-stats.ts, ADR 031) as LIKEs pg_trgm's index answers
 * together, the whole string checked on the rows they name (as an expression, so that the index
 * is not asked for its every trigram: a full name's twenty cost 40 ms), or, before the counts are
 * in, the whole string's LIKE; the pieces' index for one or two characters.
 */
function pgCandidates(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states?: readonly string[],
  asked: 'rarest' | 'whole' = 'rarest',
  /** Without the phones' starts: phoneStartRows reads them (ADR 033). */
  startsApart = false,
): RawBuilder<SqlBool> {
  const columns = SEARCHED_COLUMNS[table];
  const inStates = columns.state && states ? { column: columns.state, states } : null;
  const like = (searched: RawBuilder<unknown>, pattern: string) =>
    sql`${searched} like ${pattern} escape '\\'`;
  // The very expression the pieces' index is made on (migrations 0017, 0020).
  const pieces = (text: string) =>
    sql`array_to_tsvector(search_grams(${sql.raw(`${columns.text} || ' ' || ${columns.phone}`)})) @@ ${tsLexeme(text)}::tsquery`;
  const containedIn = (searched: RawBuilder<unknown>, kind: 'text' | 'phone', text: string) => {
    if (!isLong(text)) return pieces(text);
    // Words only: around a hyphen or a bracket pg_trgm asks for the words' padded edges («345-67»:
    // «45 », « 67»), which no three characters of the string name; the whole string's LIKE then
    // asks fewer rows than its one trigram «345» (serial numbers hold it too).
    const wordsOnly = /^[\p{L}\p{N} ]+$/u.test(text);
    const counts = asked === 'rarest' && wordsOnly ? database.trigramStats?.of(table, kind) : undefined;
    const chosen = counts ? chooseTrigrams(text, counts, isWordTrigram, true) : [];
    if (chosen.length === 0) return like(searched, containsPattern(text));
    const likes = chosen.map((trigram) => like(searched, containsPattern(trigram)));
    return sql`(${sql.join(likes, sql` and `)} and ${opaqueOf(searched, containsPattern(text))})`;
  };
  const phone = sql.ref(columns.phone);
  // Digits three or more are in a phone where it starts with them or its tail holds them (ADR
  // 033): the start off the B-tree, the tail off its own trigram index, which leaves out the
  // phones that merely start with them. Estimates ask the whole digits' LIKE (its statistics).
  const phoneContaining = (digits: string) => {
    if (asked === 'whole' || !hasPhoneTail(table) || !isLong(digits))
      return containedIn(phone, 'phone', digits);
    const inTail = containedIn(sql.raw(phoneTail(columns.phone)), 'phone', digits);
    return startsApart ? inTail : sql`(${like(phone, `${digits}%`)} or ${inTail})`;
  };
  const conditions = [
    ...(search.text === null ? [] : [containedIn(sql.ref(columns.text), 'text', search.text)]),
    ...search.phoneContains.map(phoneContaining),
    ...(startsApart ? [] : search.phoneStartsWith.map((digits) => like(phone, `${digits}%`))),
  ];
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})${inStateCondition(inStates)}`;
}

/** A LIKE of an expression no index answers (opaqueLike). */
const opaqueOf = (searched: RawBuilder<unknown>, pattern: string) =>
  sql<SqlBool>`(${searched} || '') like ${pattern} escape '\\'`;

/**
 * A LIKE no index answers (the column as an expression): the rule checked on rows something else
 * named — the ids read, the rarest trigrams, the list's own order.
 */
export const opaqueLike = (column: string, pattern: string) => opaqueOf(sql.ref(column), pattern);

/** A tsquery of one lexeme, taken literally (quoted, its quotes and backslashes escaped). */
const tsLexeme = (text: string) => `'${text.replace(/['\\]/g, (ch) => `\\${ch}`)}'`;

/** An FTS5 string, taken literally. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
