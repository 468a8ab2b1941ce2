import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { isSearching, type SearchQuery } from '../../domain/search-text';
import type { Database } from '../db/database';
import type { DialectName } from '../db/dialect-name';
import { candidateRows, looksForText } from './candidates';
import { ruleOf } from './rule';
import type { SearchedList } from './searched-lists';
import { CANDIDATE_LIMIT } from './tuning';

/**
 * How a list answers a search (docs/search.md):
 * - `none`: not searching;
 * - `ids`: the index named at most CANDIDATE_LIMIT rows, read by id (the rule still checked);
 * - `walk`: the query is common: the list's order is walked a stretch (readPlanned), then `index`;
 * - `index`: every row the index names, however many;
 * - `scan`: the rule checked on every row the list reads — the walk's stretch, and tests' reference.
 */
export type Road = { use: 'none' } | { use: 'ids'; ids: number[] } | { use: 'walk' | 'index' | 'scan' };

export interface SearchPlan {
  dialect: DialectName;
  list: SearchedList;
  search: SearchQuery;
  /** The states the candidates were asked in (every state, when not given). */
  states?: readonly string[];
  road: Road;
  /** Tests: how many rows a common query's walk reads before the index (WALK_ROWS). */
  walkRows?: number;
}

/** The record number a query names (`#12`, or digits that may be one), where the list has numbers. */
export function recordNumber(list: SearchedList, search: SearchQuery): number | null {
  return list !== 'clients' && search.number !== null && search.number <= MAX_RECORD_ID
    ? search.number
    : null;
}

/** Decides how `list` answers `search` among rows in `states`; reads the candidates' ids when few. */
export async function planSearch(
  database: Database,
  list: SearchedList,
  search: SearchQuery,
  states?: readonly string[],
): Promise<SearchPlan> {
  const plan = { dialect: database.dialect, list, search, states };
  if (!isSearching(search)) return { ...plan, road: { use: 'none' } };
  const number = recordNumber(list, search);
  const named = number === null ? [] : [number];
  if (!looksForText(search)) return { ...plan, road: { use: 'ids', ids: named } };
  const rows = candidateRows(database.dialect, list, search, states);
  const { rows: found } = await sql<{ id: number }>`
    select id from ${rows} as candidates limit ${CANDIDATE_LIMIT + 1}`.execute(database.db);
  if (found.length > CANDIDATE_LIMIT) return { ...plan, road: { use: 'walk' } };
  return {
    ...plan,
    road: { use: 'ids', ids: [...new Set([...found.map((row) => Number(row.id)), ...named])] },
  };
}

/** The same plan answered another way (readPlanned's stretch and fallback; tests); not searching stays so. */
export const withRoad = (plan: SearchPlan, road: Road): SearchPlan =>
  plan.road.use === 'none' ? plan : { ...plan, road };

/**
 * The condition a list's query adds for the plan; null when not searching. `qualifier`: the
 * table the columns belong to, where the query joins another.
 */
export function searchCondition(plan: SearchPlan, qualifier?: string): RawBuilder<SqlBool> | null {
  const { road } = plan;
  if (road.use === 'none') return null;
  const rule = ruleOf(plan.dialect, plan.list, plan.search, qualifier);
  const id = sql.ref(qualifier ? `${qualifier}.id` : 'id');
  if (road.use === 'scan' || road.use === 'walk') return rule;
  if (road.use === 'ids') {
    if (road.ids.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${id} in (${sql.join(road.ids)}) and ${rule}`;
  }
  return sql<SqlBool>`${id} in (select id from ${indexRows(plan)} as named) and ${rule}`;
}

/** Every row the index names for the plan's query and states (a record's number added). */
export function indexRows(plan: SearchPlan): RawBuilder<unknown> {
  const number = recordNumber(plan.list, plan.search);
  const named = looksForText(plan.search)
    ? candidateRows(plan.dialect, plan.list, plan.search, plan.states)
    : sql`(select ${sql.lit(0)} as id where 1 = 0)`;
  return number === null ? named : sql`(select id from ${named} as named union all select ${number})`;
}
