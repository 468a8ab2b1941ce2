import { sql, type Expression, type SqlBool } from 'kysely';
import type { Page } from '../../domain/page';
import { decodeCursor, encodeCursor, isInstant, isRecordId } from './cursor';

/** Position after the last row of a page ordered by (created_at desc, id desc). */
export interface CreatedCursor {
  createdAt: string;
  id: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The position after a row of a newest-first list, from the browser's cursor. */
export function decodeCreatedCursor(raw: string | undefined): CreatedCursor | undefined {
  return decodeCursor(raw, ([createdAt, id]) =>
    isInstant(createdAt) && isRecordId(id) ? { createdAt, id } : undefined,
  );
}

/** `LIKE` pattern for "contains", with the user's % and _ taken literally (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Rows after the cursor in a (created_at desc, id desc) list, as one row-value
 * comparison that both databases read as an index range.
 */
export function olderThan(cursor: CreatedCursor, table?: string): Expression<SqlBool> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<SqlBool>`(${column('created_at')}, ${column('id')}) < (${cursor.createdAt}, ${cursor.id})`;
}

/** The page size asked for, kept within 1..MAX_PAGE_SIZE. */
export function pageLimit(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
}

/**
 * A newest-first page from `limit + 1` rows: the extra row only tells that more follow,
 * and the cursor points after the last row shown.
 */
export function toPage<Row extends { created_at: string; id: number }, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}
