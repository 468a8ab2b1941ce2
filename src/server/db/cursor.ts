import { MAX_RECORD_ID } from '../../domain/input-text';
import { InvalidCursorError } from '../errors';

/**
 * The one cursor codec of every paged list: a cursor is the sort key of the last row shown, as a
 * JSON array in base64url. It is opaque to the browser and untrusted on the way back: each list
 * reads the parts with its own `read`, and anything else is a 400 (InvalidCursorError), never a
 * query with a value no row can have.
 */
export function encodeCursor(parts: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The list's position from `raw` (none when absent), or InvalidCursorError when `read` refuses it. */
export function decodeCursor<T>(
  raw: string | undefined,
  read: (parts: unknown[]) => T | undefined,
): T | undefined {
  if (!raw) return undefined;
  const position = readParts(raw, read);
  if (position === undefined) throw new InvalidCursorError();
  return position;
}

/** `read` of the parts in `raw`, or undefined when `raw` is not a cursor at all. */
export function readParts<T>(raw: string, read: (parts: unknown[]) => T | undefined): T | undefined {
  try {
    const parts = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown;
    return Array.isArray(parts) ? read(parts) : undefined;
  } catch {
    return undefined;
  }
}

/** A stored instant as the database returns it (ISO 8601, UTC). */
export const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(value);

/** A calendar day, YYYY-MM-DD. */
export const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A record's id as a row can hold it. */
export const isRecordId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_RECORD_ID;
