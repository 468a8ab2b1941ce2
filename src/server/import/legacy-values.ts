// Field values of the previous system's export (issue 21) read as ours: timestamps in either of
// the forms its export tools write, calendar dates, text and references. Pure, no database.
import { isCalendarDate } from '../../domain/calendar-date';
import { todayIn } from '../../domain/due-marks';

/** A record that cannot be imported, with the reason a person reads in the report. */
export class RecordProblem extends Error {}

/** Timestamps outside these years are typos or placeholders (0, 1970, 9999), not dates. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

function plausible(ms: number): string | undefined {
  return Number.isFinite(ms) && ms >= EARLIEST && ms < LATEST ? new Date(ms).toISOString() : undefined;
}

function secondsOf(value: Record<string, unknown>): number | undefined {
  const seconds = value.seconds ?? value._seconds;
  const nanos = value.nanoseconds ?? value._nanoseconds ?? 0;
  if (typeof seconds !== 'number' || typeof nanos !== 'number') return undefined;
  return seconds * 1000 + Math.floor(nanos / 1_000_000);
}

/**
 * A moment as ISO UTC text: ISO text, `{seconds, nanoseconds}` (or `{_seconds, _nanoseconds}`,
 * as the admin SDK serialises it) or milliseconds since 1970. Null when there is none;
 * undefined when there is something that does not read as a moment.
 */
export function legacyTimestamp(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return plausible(value);
  if (typeof value === 'string') {
    // Only full timestamps: Date.parse would also take «12/11/2024» or «2024», guessing.
    if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()))
      return undefined;
    return plausible(Date.parse(value.trim()));
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const ms = secondsOf(value as Record<string, unknown>);
    return ms === undefined ? undefined : plausible(ms);
  }
  return undefined;
}

/**
 * A due date as `YYYY-MM-DD`: that text, `dd.mm.yyyy`, or a moment (its day in the shop's
 * time zone). Null when empty; undefined when unreadable.
 */
export function legacyDueDate(value: unknown, timeZone: string): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (isCalendarDate(text)) return text;
    const russian = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
    if (russian) {
      const date = `${russian[3]}-${russian[2]}-${russian[1]}`;
      return isCalendarDate(date) ? date : undefined;
    }
  }
  const moment = legacyTimestamp(value);
  return moment ? todayIn(timeZone, new Date(moment)) : undefined;
}

// Control characters would show as boxes or reorder text; tabs and (in long text) line breaks stay.
const ONE_LINE_CONTROLS = /[\p{Cc}]/gu;
const MULTI_LINE_CONTROLS = /[^\P{Cc}\n\t]/gu;

/** Text as stored here: a string (numbers as written), without control characters; '' for nothing. */
export function legacyText(value: unknown, { multiLine = false } = {}): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return '';
  const cleaned = multiLine
    ? text.replace(/\r\n?/g, '\n').replace(MULTI_LINE_CONTROLS, '')
    : text.replace(ONE_LINE_CONTROLS, ' ');
  return multiLine ? cleaned.trimEnd() : cleaned.trim();
}

/** A reference to another record (a uid, a client's id): its text, or null. */
export function legacyRef(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const ref = value.trim();
  return ref === '' ? null : ref;
}

/** A list field: the array, or none when missing or not a list. */
export function legacyList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
