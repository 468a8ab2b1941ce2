import { addDays, formatCalendarDate } from './calendar-date';
import { todayIn } from './due-marks';
import { countRu } from './plural';

// The shop's own warranty on a repair (issue 49): so many days from the day the device was
// handed over. Kept free of zod: the worklist and the status page read it.

export const DEFAULT_WARRANTY_DAYS = 30;
export const MAX_WARRANTY_DAYS = 3650;

/**
 * The last day of the warranty as `YYYY-MM-DD`: the closing day in the shop's time zone plus
 * the days. Null while open, without a warranty (0 days) or when none was recorded.
 */
export function warrantyUntil(closedAt: string | null, days: number | null, timeZone: string): string | null {
  if (!closedAt || !days || days <= 0) return null;
  return addDays(todayIn(timeZone, new Date(closedAt)), days);
}

/** «гарантия до 03.08.2026», «гарантия истекла 03.08.2026», or '' without one. */
export function warrantyText(until: string | null, today: string): string {
  if (!until) return '';
  return until >= today
    ? `гарантия до ${formatCalendarDate(until)}`
    : `гарантия истекла ${formatCalendarDate(until)}`;
}

/** The time zone this browser or server runs in: where no shop zone is at hand. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** «30 дней», «Без гарантии», or «Не указана» for a ticket closed before warranties were kept. */
export function warrantyDaysText(days: number | null): string {
  if (days === null) return 'Не указана';
  return days === 0 ? 'Без гарантии' : countRu(days, ['день', 'дня', 'дней']);
}
