import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchQuery } from '../../domain/search-text';
import type { DialectName } from '../db/dialect-name';
import { SEARCHED_LISTS, type SearchedList } from './searched-lists';

/**
 * The search rule (src/domain/search-text.ts) as SQL, checked on each row something else names:
 * any of the query's conditions may match. As positions of the strings in the columns (SQLite's
 * `instr`, PostgreSQL's `strpos`), which no index answers: the rows are those the list's order or
 * the candidates name, never ones the planner would rather look up by the text again.
 */
export function ruleOf(
  dialect: DialectName,
  list: SearchedList,
  search: SearchQuery,
  /** The table name columns are qualified with, where the list's query joins another. */
  qualifier?: string,
): RawBuilder<SqlBool> {
  const { text, phone, numbered } = SEARCHED_LISTS[list];
  const ref = (column: string) => sql.ref(qualifier ? `${qualifier}.${column}` : column);
  const position = (column: string, value: string) =>
    dialect === 'sqlite'
      ? sql<number>`instr(${ref(column)}, ${value})`
      : sql<number>`strpos(${ref(column)}, ${value})`;
  const any: RawBuilder<SqlBool>[] = [];
  if (search.text !== null) any.push(sql`${position(text, search.text)} > 0`);
  for (const digits of search.phoneContains) any.push(sql`${position(phone, digits)} > 0`);
  for (const digits of search.phoneStartsWith) any.push(sql`${position(phone, digits)} = 1`);
  if (search.number !== null && numbered) any.push(sql`${ref('id')} = ${search.number}`);
  if (any.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(any, sql` or `)})`;
}
