import { sql, type Expression, type SqlBool } from 'kysely';
import type { Page } from '../../domain/page';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { InvalidCursorError } from '../errors';

/** Position after the last row of a page ordered by (created_at desc, id desc). */
export interface CreatedCursor {
  createdAt: string;
  id: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export function encodeCursor(cursor: CreatedCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string | undefined): CreatedCursor | undefined {
  if (!raw) return undefined;
  const [createdAt, id] = Buffer.from(raw, 'base64url').toString().split('|');
  const numericId = Number(id);
  const wellFormed =
    createdAt !== undefined &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(createdAt) &&
    Number.isSafeInteger(numericId) &&
    numericId >= 0 &&
    numericId <= MAX_RECORD_ID;
  if (!wellFormed) {
    throw new InvalidCursorError();
  }
  return { createdAt, id: numericId };
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
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
