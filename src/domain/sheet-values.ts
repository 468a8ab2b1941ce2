import { parseRubles, type Kopecks } from './money';

// Values as another repair system's export writes them (issue 56): Russian dates and sums, in a
// .csv saved as UTF-8 or Windows-1251 with `;` or `,`, or in an Excel sheet (whose dates and
// numbers may already be typed).

/**
 * The text of a file whose encoding nobody said: UTF-8 when the bytes are valid UTF-8 (with or
 * without Excel's byte-order mark), else Windows-1251, what Russian Excel saves as «CSV».
 */
export function decodeSheetText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1251' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), encoding: 'windows-1251' };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1990 || year > 2100) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

export interface SheetMoment {
  /** The calendar day, YYYY-MM-DD. */
  date: string;
  /** The wall-clock time, HH:MM, when the cell had one. */
  time: string | null;
}

/**
 * A date as a Russian export writes it: «31.12.2025», «31.12.25», «31.12.2025 14:30», «31/12/2025»,
 * ISO «2025-12-31» or «2025-12-31T14:30:00», or an Excel cell already read as a date. Null when it
 * is not a real day (32.01, 29.02 of a common year).
 */
export function parseSheetDate(value: string | Date): SheetMoment | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // Excel keeps a moment as a fraction of a day: 10:15 may come back as 10:14:59.999.
    value = new Date(Math.round(value.getTime() / 1000) * 1000);
    // Excel keeps no time zone: a sheet's 14:30 is read as 14:30 UTC.
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return validDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate())
      ? { date, time: time === '00:00' ? null : time }
      : null;
  }
  const text = value.trim();
  let match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})(?:[ ,T]+(\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  let hours: string | undefined;
  let minutes: string | undefined;
  if (match) {
    day = Number(match[1]);
    month = Number(match[2]);
    // «31.12.98» is 1998: a two-digit year past next year's is of the last century.
    const short = Number(match[3]);
    year =
      match[3]!.length === 4
        ? short
        : short <= (new Date().getUTCFullYear() % 100) + 1
          ? 2000 + short
          : 1900 + short;
    [hours, minutes] = [match[4], match[5]];
  } else {
    match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z)?)?$/.exec(text);
    if (!match) return null;
    year = Number(match[1]);
    month = Number(match[2]);
    day = Number(match[3]);
    [hours, minutes] = [match[4], match[5]];
  }
  if (!validDate(year, month, day)) return null;
  if (hours !== undefined && (Number(hours) > 23 || Number(minutes) > 59)) return null;
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: hours === undefined ? null : `${pad(Number(hours))}:${minutes}`,
  };
}

/**
 * A sum as a Russian export writes it: «1 500,50», «1500.5», «1 500 ₽», «1500,00 руб.», or an
 * Excel number. Null when it is not an amount of rubles (letters, a negative, three decimals).
 */
export function parseSheetSum(value: string | number): Kopecks | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return parseRubles(value.toFixed(2));
  }
  return parseRubles(value.trim());
}
