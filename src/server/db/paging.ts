import { sql, type Expression, type SqlBool } from 'kysely';
import { AppError } from '../errors';

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
  if (!createdAt || !/^\d{4}-\d{2}-\d{2}T/.test(createdAt) || !Number.isSafeInteger(numericId)) {
    throw new AppError('bad_request', 'Некорректная позиция списка, обновите страницу');
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
