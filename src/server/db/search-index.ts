import { sql } from 'kysely';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { Database } from './database';
import { SEARCHED_COLUMNS } from './migrations/0017-search-index';
import { containsPattern } from './paging';
import { gramToken } from './search-grams';

export type SearchedTable = keyof typeof SEARCHED_COLUMNS;

/**
 * How a list finds what a query matches (docs/decisions/020-search-index.md):
 * - `ids`: the trigram index named every row that may match, few enough to read and sort
 *   (the rows are still checked against the rule itself);
 * - `walk`: the list is read in its own order and each row checked until the page is full —
 *   for a query the index cannot serve (under three characters) or one that matches so many
 *   rows that a page fills within the first few thousand.
 */
export type SearchPlan = { use: 'ids'; ids: number[] } | { use: 'walk' };

/**
 * Above this many rows the index's answer is not read: a query matching more than this
 * (0.25 % of a million) fills a page of 50 within some 20,000 rows of the list's own order.
 */
export const CANDIDATE_LIMIT = 2500;

/** At most this many trigrams of one query part are asked for: any subset gives a superset. */
const MAX_TRIGRAMS = 12;

/** The strings a query looks for inside the stored text or phone digits (src/domain/search-text.ts). */
function searchedStrings(search: SearchQuery): string[] {
  return [...(search.text === null ? [] : [search.text]), ...search.phoneContains, ...search.phoneStartsWith];
}

/** A string's distinct three-character pieces, at most MAX_TRIGRAMS of them, spread along it. */
export function trigramsOf(text: string): string[] {
  const chars = Array.from(text);
  const all = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
  if (all.length <= MAX_TRIGRAMS) return all;
  const step = all.length / MAX_TRIGRAMS;
  return Array.from({ length: MAX_TRIGRAMS }, (_, i) => all[Math.floor(i * step)]!);
}

/** An FTS5 query: any of the strings, each as all of its trigrams (quoted: taken literally). */
export function ftsQuery(strings: string[]): string {
  const quote = (gram: string) => `"${gram.replace(/"/g, '""')}"`;
  return strings.map((text) => `(${trigramsOf(text).map(quote).join(' AND ')})`).join(' OR ');
}

/** Three characters or more: the trigram index serves it; shorter: the piece index. */
const isLong = (text: string) => Array.from(text).length >= 3;

/**
 * Decides how a list answers a query; when the index can, reads the candidate ids. Rows in the
 * Корзина are candidates too: the list's own filters leave them out.
 */
export async function planSearch(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
): Promise<SearchPlan> {
  if (!isSearching(search)) return { use: 'walk' };
  const found =
    searchedStrings(search).length === 0
      ? []
      : database.dialect === 'sqlite'
        ? await sqliteCandidates(database, table, search)
        : await postgresCandidates(database, table, search);
  if (found === null || found.length > CANDIDATE_LIMIT) return { use: 'walk' };
  const number = table !== 'clients' && search.number !== null && search.number <= MAX_RECORD_ID;
  return { use: 'ids', ids: number ? [...new Set([...found, search.number!])] : found };
}

/** FTS5: trigrams for the longer strings, pieces for the shorter; null when either says «too many». */
async function sqliteCandidates(database: Database, table: SearchedTable, search: SearchQuery) {
  const strings = searchedStrings(search);
  const long = strings.filter(isLong);
  const short = strings.filter((text) => !isLong(text));
  const ask = async (index: string, query: string) => {
    const { rows } = await sql<{ id: number }>`
      select rowid as id from ${sql.table(index)} where ${sql.table(index)} match ${query}
      limit ${CANDIDATE_LIMIT + 1}`.execute(database.db);
    return rows.length > CANDIDATE_LIMIT ? null : rows.map((row) => Number(row.id));
  };
  const fromTrigrams = long.length ? await ask(`${table}_search`, ftsQuery(long)) : [];
  const fromPieces = short.length
    ? await ask(`${table}_grams`, short.map((text) => `"${gramToken(text)}"`).join(' OR '))
    : [];
  if (fromTrigrams === null || fromPieces === null) return null;
  return [...new Set([...fromTrigrams, ...fromPieces])];
}

/**
 * pg_trgm's GIN indexes for the longer strings, the pieces' GIN index for the shorter, as one
 * bitmap scan: never a walk of the whole table.
 */
async function postgresCandidates(database: Database, table: SearchedTable, search: SearchQuery) {
  const columns = SEARCHED_COLUMNS[table];
  const like = (column: string, pattern: string) => sql`${sql.ref(column)} like ${pattern} escape '\\'`;
  // The very expression the pieces' index is made on (migration 0017).
  const pieces = (text: string) =>
    sql`search_grams(${sql.raw(`${columns.text} || ' ' || ${columns.phone}`)}) @> array[${text}]::text[]`;
  const contains = (column: string, text: string) =>
    isLong(text) ? like(column, containsPattern(text)) : pieces(text);
  const conditions = [
    ...(search.text === null ? [] : [contains(columns.text, search.text)]),
    ...search.phoneContains.map((digits) => contains(columns.phone, digits)),
    ...search.phoneStartsWith.map((digits) => like(columns.phone, `${digits}%`)),
  ];
  const { rows } = await database.db.transaction().execute(async (trx) => {
    // The planner would rather read the table in order for a query it expects to be common and
    // stop at the limit — a walk of the whole table when it guessed wrong.
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    return sql<{ id: number }>`
      select id from ${sql.table(table)} where ${sql.join(conditions, sql` or `)}
      limit ${CANDIDATE_LIMIT + 1}`.execute(trx);
  });
  return rows.map((row) => Number(row.id));
}
