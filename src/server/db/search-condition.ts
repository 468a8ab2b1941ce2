import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SearchQuery } from '../../domain/search-text';
import { containsPattern } from './paging';
import type { SearchPlan } from './search-index';

/** The columns one list searches: normalised text, phone digits, and the record's number. */
export interface SearchColumns {
  /** The row's id column, which the search index's candidates are matched against. */
  row: string;
  text: string;
  phoneDigits: string;
  /** Records people know by number (tickets, tasks); clients have none on screen. */
  id?: string;
}

function likePattern(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * The one search rule (src/domain/search-text.ts) as SQL, for every list: any of the
 * query's conditions may match. Only call it when the query searches for something.
 */
export function matchesSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: SearchQuery,
  columns: SearchColumns,
  plan: SearchPlan,
): Expression<SqlBool> {
  const rule = matchesRule(eb, search, columns);
  // Only the rows the index named, still checked against the rule (its answer may be wider).
  if (plan.use === 'index') return eb.and([sql<SqlBool>`${sql.ref(columns.row)} in ${plan.rows}`, rule]);
  if (plan.use === 'walk') return rule;
  if (plan.ids.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.and([eb(sql.ref(columns.row), 'in', plan.ids), rule]);
}

function matchesRule<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: SearchQuery,
  columns: SearchColumns,
): Expression<SqlBool> {
  const any: Expression<SqlBool>[] = [];
  if (search.text !== null) any.push(likePattern(columns.text, containsPattern(search.text)));
  for (const digits of search.phoneContains)
    any.push(likePattern(columns.phoneDigits, containsPattern(digits)));
  for (const digits of search.phoneStartsWith) any.push(likePattern(columns.phoneDigits, `${digits}%`));
  if (search.number !== null && columns.id) any.push(sql<SqlBool>`${sql.ref(columns.id)} = ${search.number}`);
  return eb.or(any);
}
