import { sql, type RawBuilder } from 'kysely';
import type { SearchQuery } from '../../domain/search-text';
import { SEARCHED_COLUMNS } from './migrations/0017-search-index';
import { PHONE_TAIL_TABLES } from './migrations/0022-phone-start-covered';

// The SQL pieces a search's candidates are read with (search-index.ts).

type SearchedTable = keyof typeof SEARCHED_COLUMNS;

/** Three characters or more: the trigram index serves it; shorter: the piece index. */
export const isLong = (text: string) => Array.from(text).length >= 3;

/**
 * The rows in one of the states (any, when null), as a condition to append. `onRows`: checked on
 * the rows something else names, as an expression no index answers (search-index.ts, a state
 * holding most rows).
 */
export function inStateCondition(
  inStates: { column: string; states: readonly string[] } | null,
  onRows = false,
) {
  // As an expression, so that no B-tree of the state's competes with the search's index: it
  // names thousands of rows that would each be checked against the search. On PostgreSQL the
  // search indexes hold this very expression as their first column (migration 0020).
  if (!inStates) return sql``;
  const state = sql`(${sql.ref(inStates.column)} || '')`;
  return sql` and ${onRows ? sql`(${state} || '')` : state} in (${sql.join(inStates.states.map((one) => sql`${one}`))})`;
}

/** PostgreSQL: the list's order beside each id, as `key`, where asked. */
export const keyColumn = (key?: string) => (key ? sql`, ${sql.ref(key)} as key` : sql``);

/** PostgreSQL: whether a list's phone digits have the start and tail indexes of migration 0022. */
export const hasPhoneTail = (table: SearchedTable): table is (typeof PHONE_TAIL_TABLES)[number] =>
  (PHONE_TAIL_TABLES as readonly string[]).includes(table);

/**
 * PostgreSQL: the strings a phone's digits may start with to match — the query's starts, and the
 * digits it looks for anywhere (found at a phone's start, or in its tail: pgCandidates).
 */
function phoneStarts(search: SearchQuery): string[] {
  return [...new Set([...search.phoneStartsWith, ...search.phoneContains.filter(isLong)])];
}

/**
 * PostgreSQL: the ids (and `key`) of the rows whose phone starts with what phoneStarts names, in
 * one of `states`, each state and start its own range of the B-tree that holds them all
 * (migration 0022), so that none visits the table (readCandidates reads them with the table's
 * own pages left out of the plan). Undefined where the list has no such index, no states are
 * given, or the query has no digits three or more (fewer are the pieces' index's).
 */
export function phoneStartRows(
  table: SearchedTable,
  search: SearchQuery,
  states: readonly string[] | undefined,
  key?: string,
): RawBuilder<unknown> | undefined {
  const starts = phoneStarts(search);
  // Without states the B-tree, led by the state, has no range to read: left to the bitmap scans.
  if (!hasPhoneTail(table) || !states?.length || starts.length === 0) return undefined;
  const { state, phone } = SEARCHED_COLUMNS[table];
  const parts = states.flatMap((one) =>
    starts.map(
      (digits) =>
        sql`select id${keyColumn(key)} from ${sql.table(table)} where ${sql.ref(phone)} like ${`${digits}%`}${inStateCondition({ column: state, states: [one] })}`,
    ),
  );
  return sql`(${sql.join(parts, sql` union all `)})`;
}
