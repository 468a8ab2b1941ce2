import type { SearchQuery } from '../../domain/search-text';
import { searchMatches } from '../../domain/worklist-match';
import type { Database } from './database';
import { SEARCHED_COLUMNS } from './migrations/0017-search-index';
import type { SearchedTable } from './search-index';
import { rowsInStates } from './trigram-stats';

/**
 * Sampled rows matching a query, at least, for their share of the sample to stand for the list's
 * (within about ±30 %, two standard deviations) — on as many table pages, less a few: a sample
 * is drawn a page at a time, and rows written together (an import of one client's tickets) share
 * pages.
 */
export const HITS_TO_TRUST = 50;
/** Of HITS_TO_TRUST hits, at least this share on pages of their own. */
const PAGES_SHARE = 0.8;

/** No record's number: sampled rows are judged by their text and phone alone. */
const NO_RECORD = -1;

/**
 * Whether the rule, checked on a sample of the list's rows (about 20,000 a list, drawn with its
 * trigram counts: trigram-stats.ts, pg-trigram-stats.ts), matches `hits` of the first `within`
 * sampled rows in `states` — a share of at least `hits` / `within` of those states' rows. Only a
 * plan: whatever it answers, every row read is checked against the rule; a wrong guess costs
 * time, never a result. False without a sample (before the first count).
 */
export function sampleShowsShare(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states: readonly string[] | undefined,
  within: number,
  /** Fewer than HITS_TO_TRUST where a wrong guess costs little (±45 % at 20). */
  hits = HITS_TO_TRUST,
): boolean {
  const sample = database.trigramStats?.sampleOf?.(table);
  if (!sample) return false;
  const stated = SEARCHED_COLUMNS[table].state && states;
  // Read in the sample's order (shuffled) only as far as decides it (~1 ms of the server's thread).
  let read = 0;
  const pages = new Set<number>();
  let found = 0;
  for (const row of sample.rows) {
    if (stated && (row.state === null || !stated.includes(row.state))) continue;
    read += 1;
    if (read > within) return false;
    // A quarter of the way with fewer than half the hits due by then at that share: far below it
    // (at HITS_TO_TRUST, a query matching exactly that share stops here about 3 times in 100), and a rare query,
    // the one most asked for, costs a quarter of the rows (~0.5 ms a list instead of ~2).
    if (read === Math.floor(within / 4) && found < hits / 8) return false;
    // The domain's rule (as the browser judges live rows), the record's number aside: no id here.
    if (!searchMatches(search, NO_RECORD, row.text, row.phone)) continue;
    found += 1;
    pages.add(row.page);
    if (found >= hits) return pages.size >= Math.floor(PAGES_SHARE * hits);
  }
  return false;
}

/**
 * Whether the query matches at least `matches` rows in `states`: their share of those rows, by the
 * trigram counts' row counts. False without counts.
 */
export function sampleShowsAtLeast(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  states: readonly string[] | undefined,
  matches: number,
): boolean {
  const counts = database.trigramStats?.of(table);
  if (!counts) return false;
  const rows = Math.max(1, rowsInStates(counts, table, states));
  return sampleShowsShare(
    database,
    table,
    search,
    states,
    (HITS_TO_TRUST * rows) / Math.min(rows, Math.max(1, matches)),
  );
}

/**
 * PostgreSQL: whether a state's matches are dense enough that counting `upTo` of them reads fewer
 * rows walking the state than naming them by the index: its bitmap holds every candidate in the
 * state (~0.5 µs each, a row walked ~3 µs). Walking wins where the share of matches is above about
 * √(6 · upTo / rows in the state), ~9 % among 714,000 closed tasks («о», in nine rows of ten, is
 * dense there) — at least √(6 · upTo · rows) matches. A state holding most of the table is walked
 * by reading the table in its own order, about 1 µs a row of it («ив» among 720,000 closed tasks:
 * 10,760 rows in 10 ms, where the index took 30–48 ms, most of it the state's own key, which names
 * most rows): then 2 µs × the table's rows over the state's a row of the state instead of 6 (~6 %
 * there). Without a sample, not dense: the index is never slow for a rare query, a walk is.
 */
export function sampleShowsDense(
  database: Database,
  table: SearchedTable,
  search: SearchQuery,
  state: string,
  upTo: number,
): boolean {
  const counts = database.trigramStats?.of(table);
  if (!counts) return false;
  const rows = rowsInStates(counts, table, [state]);
  const rowCost = rows > counts.rows / 2 ? (2 * counts.rows) / rows : 6;
  return sampleShowsAtLeast(database, table, search, [state], Math.sqrt(rowCost * upTo * rows));
}
