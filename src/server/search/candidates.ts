import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchQuery } from '../../domain/search-text';
import type { DialectName } from '../db/dialect-name';
import { gramToken } from '../db/search-grams';
import { containsPattern } from '../db/paging';
import {
  pgPieces,
  pgStateKey,
  SEARCHED_LISTS,
  stateToken,
  stateTrigram,
  type SearchedList,
} from './searched-lists';
import { TRIGRAM_STEP } from './tuning';

/**
 * Whether the index hands its candidates over as it reads its row lists, so that a LIMIT stops it
 * (SQLite's FTS5). PostgreSQL's GIN index gathers every candidate before the first: asked for any
 * state, a common query costs it the whole of its row lists.
 */
export const indexStopsAtLimit = (dialect: DialectName) => dialect === 'sqlite';

/** Three characters or more: the trigram index answers it; fewer: the pieces' index. */
export const isLong = (text: string) => Array.from(text).length >= 3;

/** The strings a query looks for anywhere in the text or the phone digits. */
function containedStrings(search: SearchQuery): string[] {
  return [...(search.text === null ? [] : [search.text]), ...search.phoneContains];
}

/** Whether the query looks for any string (not only a record's number). */
export const looksForText = (search: SearchQuery) =>
  containedStrings(search).length > 0 || search.phoneStartsWith.length > 0;

/**
 * The states a list's index is asked for (undefined: every state): open states, one or several;
 * Закрытые only alone, and only of PostgreSQL. Closed items are most of a shop's list: SQLite's
 * FTS5 merges their state's row list, nearly the list's own, for little (whoever reads the
 * candidates checks each row's state anyway); PostgreSQL's GIN index, the state first, reads the
 * closed state's entries alone.
 */
export function statesAsked(dialect: DialectName, list: SearchedList, states: readonly string[] | undefined) {
  if (!SEARCHED_LISTS[list].state || !states) return undefined;
  if (!states.includes('closed')) return states;
  return dialect === 'postgres' && states.length === 1 ? states : undefined;
}

/**
 * A subquery `(select id …)` naming every row of `list` that may match the query's strings (a
 * row may come twice), in one of `states` where the list has states and they are given. Wider
 * than the rule: whoever reads it checks the rule on the rows it names.
 */
export function candidateRows(
  dialect: DialectName,
  list: SearchedList,
  search: SearchQuery,
  states?: readonly string[],
): RawBuilder<unknown> {
  const inStates = statesAsked(dialect, list, states);
  // PostgreSQL: one query a state. Its GIN indexes hold the state first, but a state among several
  // (IN, OR) is checked on each candidate's row instead: every state's candidates read off the heap.
  const parts =
    dialect === 'sqlite'
      ? sqliteParts(list, search, inStates)
      : (inStates ?? [undefined]).map(
          (one) =>
            sql`select id from ${sql.table(list)} where ${pgCandidateCondition(list, search, one === undefined ? undefined : [one])}`,
        );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * SQLite: FTS5's trigram table for strings of three characters or more, its pieces' table for
 * shorter ones — each also holding the row's state as a term — and a phone's start as a range of
 * the digits' B-tree (which holds the state too).
 */
function sqliteParts(list: SearchedList, search: SearchQuery, states: readonly string[] | undefined) {
  const { phone, state } = SEARCHED_LISTS[list];
  const match = (table: string, query: string, term: (state: string) => string) => {
    const inState = states ? ` AND (${states.map((one) => quoted(term(one))).join(' OR ')})` : '';
    return sql`select rowid as id from ${sql.table(table)} where ${sql.table(table)} match ${`(${query})${inState}`}`;
  };
  const contained = containedStrings(search);
  const long = contained.filter(isLong);
  const short = contained.filter((text) => !isLong(text));
  return [
    ...(long.length ? [match(`${list}_search`, ftsQuery(long), stateTrigram)] : []),
    ...(short.length
      ? [match(`${list}_grams`, short.map((text) => quoted(gramToken(text))).join(' OR '), stateToken)]
      : []),
    // Digits only in the column: every value starting with them sorts before them followed by ':'.
    // The index named, else SQLite may prefer the state's index, which names most of the table.
    ...search.phoneStartsWith.map(
      (digits) =>
        sql`select id from ${sql.table(list)} indexed by ${sql.raw(`${list}_phone_digits`)}
        where ${sql.ref(phone)} >= ${digits} and ${sql.ref(phone)} < ${`${digits}:`}${
          states && state ? sql` and ${sql.ref(state)} in (${sql.join(states)})` : sql``
        }`,
    ),
  ];
}

/** An FTS5 query: any of the strings, each as the trigrams of it asked (trigramsAsked). */
export function ftsQuery(strings: string[]): string {
  return strings.map((text) => `(${trigramsAsked(text).map(quoted).join(' AND ')})`).join(' OR ');
}

/** Every TRIGRAM_STEP-th of a string's trigrams that `usable` keeps, and the last of them. */
export function trigramsAsked(text: string, usable: (trigram: string) => boolean = () => true): string[] {
  const chars = Array.from(text);
  const trigrams = chars
    .slice(2)
    .map((_, i) => chars.slice(i, i + 3).join(''))
    .filter(usable);
  const asked = new Set(trigrams.filter((_, i) => i % TRIGRAM_STEP === 0));
  if (trigrams.length > 0) asked.add(trigrams.at(-1)!);
  return [...asked];
}

/**
 * PostgreSQL: the rows whose text or digits hold the strings' trigrams asked (pg_trgm's GIN
 * indexes answer the LIKEs; the rule is checked on the rows), hold the pieces of a shorter one (the pieces' GIN index), or whose digits start with a
 * number (the digits' B-tree) — in the states given, which each of those indexes holds first.
 */
export function pgCandidateCondition(
  list: SearchedList,
  search: SearchQuery,
  states: readonly string[] | undefined,
): RawBuilder<SqlBool> {
  const { text, phone, state } = SEARCHED_LISTS[list];
  const like = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern}`;
  const contains = (column: string, value: string) => {
    if (!isLong(value)) return sql<SqlBool>`${pgPieces(list)} @@ ${tsLexeme(value)}::tsquery`;
    // Words (letters, digits, spaces): the trigrams asked, each a LIKE pg_trgm answers with that one
    // trigram of letters and digits. Around a hyphen or a bracket pg_trgm asks the whole string's
    // padded word edges («345-67»: «45 », « 67»), which name fewer rows than its trigram «345».
    const words = /^[\p{L}\p{N} ]+$/u.test(value);
    const asked = words ? trigramsAsked(value, (trigram) => /^[\p{L}\p{N}]{3}$/u.test(trigram)) : [];
    if (asked.length === 0) return like(column, containsPattern(value));
    return sql<SqlBool>`(${sql.join(
      asked.map((trigram) => like(column, containsPattern(trigram))),
      sql` and `,
    )})`;
  };
  const any = [
    ...(search.text === null ? [] : [contains(text, search.text)]),
    ...search.phoneContains.map((digits) => contains(phone, digits)),
    ...search.phoneStartsWith.map((digits) => like(phone, `${digits}%`)),
  ];
  const shown = statesAsked('postgres', list, states);
  const inState = shown && state ? sql` and ${pgStateKey(state)} in (${sql.join(shown)})` : sql``;
  return sql<SqlBool>`(${sql.join(any, sql` or `)})${inState}`;
}

/** A tsquery of one lexeme, taken literally (quoted, its quotes and backslashes escaped). */
const tsLexeme = (text: string) => `'${text.replace(/['\\]/g, (ch) => `\\${ch}`)}'`;

/** An FTS5 string, taken literally. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
