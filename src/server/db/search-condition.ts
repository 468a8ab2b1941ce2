import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SearchQuery } from '../../domain/search-text';
import { containsPattern } from './paging';
import { opaqueLike as opaqueLikePattern, type SearchPlan } from './search-index';

/** The columns one list searches: normalised text, phone digits, and the record's number. */
export interface SearchColumns {
  /** The row's id column, which the search index's candidates are matched against. */
  row: string;
  text: string;
  phoneDigits: string;
  /** Records people know by number (tickets, tasks); clients have none on screen. */
  id?: string;
}

/**
 * The one search rule (src/domain/search-text.ts) as SQL, for every list: any of the
 * query's conditions may match. Only call it when the query searches for something. The rule is
 * checked on the rows the plan names (ADR 031):
 * - ids and the search index's candidates: as a LIKE no index answers — on PostgreSQL a LIKE of
 *   the column sends pg_trgm's index every trigram of the string (a full name's twenty: 40 ms at
 *   2,000,000 items), which the planner may prefer to the ids read;
 * - PostgreSQL's walk of a common query (`whole`): as positions in the text, which the planner
 *   takes as common (a third of the rows, where it guessed a LIKE of six letters at one in
 *   15,000 and read every row of the states shown to sort them: «иванов» 6 → 430 ms);
 * - SQLite's walk and the plain scan: as a LIKE of the column.
 */
export function matchesSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: SearchQuery,
  columns: SearchColumns,
  plan: SearchPlan,
): Expression<SqlBool> {
  // Only the rows the index named, still checked against the rule (its answer may be wider).
  if (plan.use === 'index') {
    const named = sql<SqlBool>`${sql.ref(columns.row)} in ${plan.rows}`;
    return eb.and([named, matchesRule(eb, search, columns, opaqueLike)]);
  }
  if (plan.use === 'walk') return matchesRule(eb, search, columns, plan.whole ? positionOf : plainLike);
  if (plan.ids.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.and([eb(sql.ref(columns.row), 'in', plan.ids), matchesRule(eb, search, columns, opaqueLike)]);
}

/**
 * The rule checked on the rows a condition beside it names (search-index.ts countingCondition): as LIKEs no index
 * answers, so that the planner reads what that condition asks its indexes for.
 */
export function matchesOnNamedRows<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: SearchQuery,
  columns: SearchColumns,
): Expression<SqlBool> {
  return matchesRule(eb, search, columns, opaqueLike);
}

/** How one string is looked for in a column: anywhere in it, or at its start. */
type Finding = (column: string, text: string, where: 'anywhere' | 'start') => Expression<SqlBool>;

const plainLike: Finding = (column, text, where) =>
  sql<SqlBool>`${sql.ref(column)} like ${where === 'start' ? `${text}%` : containsPattern(text)} escape '\\'`;

const opaqueLike: Finding = (column, text, where) =>
  opaqueLikePattern(column, where === 'start' ? `${text}%` : containsPattern(text));

/** PostgreSQL only (`strpos`): exact, no pattern to escape. */
const positionOf: Finding = (column, text, where) =>
  where === 'start'
    ? sql<SqlBool>`strpos(${sql.ref(column)}, ${text}) = 1`
    : sql<SqlBool>`strpos(${sql.ref(column)}, ${text}) > 0`;

function matchesRule<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: SearchQuery,
  columns: SearchColumns,
  find: Finding,
): Expression<SqlBool> {
  const any: Expression<SqlBool>[] = [];
  if (search.text !== null) any.push(find(columns.text, search.text, 'anywhere'));
  for (const digits of search.phoneContains) any.push(find(columns.phoneDigits, digits, 'anywhere'));
  for (const digits of search.phoneStartsWith) any.push(find(columns.phoneDigits, digits, 'start'));
  if (search.number !== null && columns.id) any.push(sql<SqlBool>`${sql.ref(columns.id)} = ${search.number}`);
  return eb.or(any);
}
