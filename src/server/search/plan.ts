import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { Database } from '../db/database';
import { candidateRows, looksForText } from './candidates';
import { ruleOf } from './rule';
import type { SearchedList } from './searched-lists';
import { CANDIDATE_LIMIT } from './tuning';

/**
 * How a list answers a search (docs/search.md):
 * - `none`: not searching;
 * - `search`: not decided yet — readPlanned walks the list's head, then asks the index;
 * - `ids`: these rows, read by id (the rule still checked);
 * - `walk`: the query is common: the list's order walked a stretch, then `index`;
 * - `index`: every row the index names, however many;
 * - `scan`: the rule checked on every row the list reads (a walk's stretch; tests' reference).
 */
export type Road = { use: 'none' | 'search' | 'walk' | 'index' | 'scan' } | { use: 'ids'; ids: number[] };

export interface SearchPlan {
  database: Pick<Database, 'db' | 'dialect'>;
  list: SearchedList;
  search: SearchQuery;
  /** The states the index is asked for (every state, when not given). */
  states?: readonly string[];
  road: Road;
  /**
   * The index's candidates as another plan of the same request already asked them (the worklist's
   * open and closed parts share one answer); readCandidates otherwise.
   */
  candidates?: () => Promise<number[] | null>;
  /** The share of the list's first rows that match, where the counts walked them (countingRoad). */
  headShare?: number;
  /** Tests: how many rows the walks read (HEAD_ROWS, WALK_ROWS, COUNT_WALK_ROWS). */
  walkRows?: { head: number; further: number; count: number };
}

/** The record number a query names (`#12`, or digits that may be one), where the list has numbers. */
export function recordNumber(list: SearchedList, search: SearchQuery): number | null {
  return list !== 'clients' && search.number !== null && search.number <= MAX_RECORD_ID
    ? search.number
    : null;
}

/** A plan for `search` in `list` among rows in `states`; a number alone is answered at once. */
export function planSearch(
  database: Pick<Database, 'db' | 'dialect'>,
  list: SearchedList,
  search: SearchQuery,
  states?: readonly string[],
): SearchPlan {
  const plan = { database, list, search, states };
  if (!isSearching(search)) return { ...plan, road: { use: 'none' } };
  if (looksForText(search)) return { ...plan, road: { use: 'search' } };
  const number = recordNumber(list, search);
  return { ...plan, road: { use: 'ids', ids: number === null ? [] : [number] } };
}

/**
 * The rows the index names, when at most CANDIDATE_LIMIT (with the record a number names); null
 * when more: the query is common.
 */
export async function readCandidates(plan: SearchPlan): Promise<number[] | null> {
  if (plan.candidates) return plan.candidates();
  const rows = candidateRows(plan.database.dialect, plan.list, plan.search, plan.states);
  const { rows: found } = await sql<{ id: number }>`
    select id from ${rows} as candidates limit ${CANDIDATE_LIMIT + 1}`.execute(plan.database.db);
  if (found.length > CANDIDATE_LIMIT) return null;
  const number = recordNumber(plan.list, plan.search);
  return [...new Set([...found.map((row) => Number(row.id)), ...(number === null ? [] : [number])])];
}

/**
 * An undecided plan decided without walking the list: at most CANDIDATE_LIMIT candidates are its
 * ids, more make it common (`walk`, which a query read in one go checks on every row).
 */
export async function decide(plan: SearchPlan): Promise<SearchPlan> {
  if (plan.road.use !== 'search') return plan;
  const ids = await readCandidates(plan);
  return withRoad(plan, ids ? { use: 'ids', ids } : { use: 'walk' });
}

/** The same plan answered another way (readPlanned; tests); not searching stays so. */
export const withRoad = (plan: SearchPlan, road: Road): SearchPlan =>
  plan.road.use === 'none' ? plan : { ...plan, road };

/**
 * The condition a list's query adds for the plan; null when not searching. `qualifier`: the
 * table the columns belong to, where the query joins another. An undecided plan reads as a scan.
 */
export function searchCondition(plan: SearchPlan, qualifier?: string): RawBuilder<SqlBool> | null {
  const { road } = plan;
  if (road.use === 'none') return null;
  const rule = ruleOf(plan.database.dialect, plan.list, plan.search, qualifier);
  const id = sql.ref(qualifier ? `${qualifier}.id` : 'id');
  if (road.use === 'ids') {
    if (road.ids.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${id} in (${sql.join(road.ids)}) and ${rule}`;
  }
  if (road.use === 'index')
    return sql<SqlBool>`${id} in (select id from ${indexRows(plan)} as named) and ${rule}`;
  return rule;
}

/** Every row the index names for the plan's query and states (a record's number added). */
export function indexRows(plan: SearchPlan): RawBuilder<unknown> {
  const number = recordNumber(plan.list, plan.search);
  const named = looksForText(plan.search)
    ? candidateRows(plan.database.dialect, plan.list, plan.search, plan.states)
    : sql`(select ${sql.lit(0)} as id where 1 = 0)`;
  return number === null ? named : sql`(select id from ${named} as named union all select ${number})`;
}
