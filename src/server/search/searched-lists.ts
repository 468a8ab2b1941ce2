import { sql, type RawBuilder } from 'kysely';

/**
 * The lists search reads and their columns: the normalised text, the phone digits, the work state
 * (clients have none) and whether the record has a number people know it by. The same names as
 * the search indexes' (migrations 0017, 0020–0022 hold their own copy: a migration is history).
 */
export const SEARCHED_LISTS = {
  tickets: { text: 'search_text', phone: 'client_phone_digits', state: 'work_state', numbered: true },
  tasks: { text: 'search_text', phone: 'client_phone_digits', state: 'work_state', numbered: true },
  clients: { text: 'search_name', phone: 'phone_digits', state: null, numbered: false },
} as const;

export type SearchedList = keyof typeof SEARCHED_LISTS;

/**
 * SQLite: a work state as its FTS5 tables hold it beside each row's text (migration 0017) — in
 * the trigram table its first letter between two \u0001, which nobody types; in the pieces' table
 * a token no character's code makes (search-grams.ts writes five letters a character).
 */
export const stateTrigram = (state: string) => `\u0001${state.slice(0, 1)}\u0001`;
export const stateToken = (state: string) => `zz${state.replace(/_/g, '')}zz`;

/**
 * PostgreSQL: the state as its search indexes hold it as their first column (migrations 0020,
 * 0022). A query names the same expression for the index to answer the state with the text.
 */
export const pgStateKey = (column: string): RawBuilder<string> => sql`(${sql.ref(column)} || '')`;

/** PostgreSQL: the one- and two-character pieces of a row, as the pieces' GIN index holds them. */
export const pgPieces = (list: SearchedList): RawBuilder<unknown> => {
  const { text, phone } = SEARCHED_LISTS[list];
  return sql`array_to_tsvector(search_grams(${sql.raw(`${text} || ' ' || ${phone}`)}))`;
};
