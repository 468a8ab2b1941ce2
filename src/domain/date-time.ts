const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A UTC timestamp in local time, as `22.11.2026 14:05`: the viewer's in the browser, the
 * shop machine's on the server (documents printed there).
 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Whether this runtime knows the IANA time zone (`Europe/Moscow`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Building a formatter costs far more than using one (a CSV export formats 360,000 times). */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offsets are kept per quarter of an hour: every zone's changes since 1970 fall on one's start. */
const QUARTER_MS = 15 * 60_000;
/** From here on the offsets are cached (older dates may change offset at odd seconds: LMT). */
const CACHED_FROM_MS = 0;
/** A zone's quarters kept at most (two years of them), then forgotten all at once. */
const MAX_QUARTERS = 70_000;

/** Each zone's offset from UTC in ms, by quarter hour since 1970. */
const zoneOffsets = new Map<string, Map<number, number>>();

function wallClockParts(timeZone: string, d: Date) {
  const parts = zoneFormatter(timeZone).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: part('day'),
    month: part('month'),
    year: part('year'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/**
 * The zone's offset from UTC at the quarter hour holding `ms`, asked of Intl once a quarter: a CSV
 * export formats two dates a row, and Intl's formatToParts for each was a large part of its work.
 */
function offsetAt(timeZone: string, ms: number): number {
  let zone = zoneOffsets.get(timeZone);
  if (!zone) zoneOffsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const { day, month, year, hour, minute } = wallClockParts(timeZone, new Date(start));
    offset = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) - start;
    if (zone.size >= MAX_QUARTERS) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/**
 * As formatDateTime, in the given time zone: a paper made on the server shows the time the
 * person printing it sees on their screen, whatever zone the server itself runs in (a
 * container is often UTC). Without a zone: the local time.
 */
export function formatDateTimeIn(iso: string, timeZone: string | null): string {
  if (!timeZone) return formatDateTime(iso);
  const d = new Date(iso);
  const ms = d.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < CACHED_FROM_MS) {
    const { day, month, year, hour, minute } = wallClockParts(timeZone, d);
    return `${day}.${month}.${year} ${hour}:${minute}`;
  }
  const local = new Date(ms + offsetAt(timeZone, ms));
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
