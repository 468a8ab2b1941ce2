import { countRu } from './plural';

// What is urgent (issue 20): overdue and due-today marks, judged by the calendar of the shop's
// time zone, not the server's or the viewer's (a ticket due «today» is due today in the shop).

export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Moscow';

/** Building a formatter is the costly part: one per zone, reused (a list marks many rows). */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

// Every badge on a list asks with the same zone and the same minute: the last answer is kept.
let lastAsked: { timeZone: string; time: number; today: string } | undefined;

/** Today's date in the time zone, as `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date): string {
  const time = now.getTime();
  if (lastAsked?.timeZone === timeZone && lastAsked.time === time) return lastAsked.today;
  const parts = dateFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const today = `${part('year')}-${part('month')}-${part('day')}`;
  lastAsked = { timeZone, time, today };
  return today;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type DueMark = { kind: 'overdue'; days: number; label: string } | { kind: 'today'; label: string };

const DAY_FORMS = ['день', 'дня', 'дней'] as const;

/**
 * The mark an open item's due date earns today: «Просрочено на 3 дн.» after it, «Сегодня» on
 * it; none before it, without a date, or once the item is closed.
 */
export function dueMark(dueDate: string | null, today: string, closed: boolean): DueMark | null {
  if (!dueDate || closed) return null;
  const late = daysBetween(dueDate, today);
  if (late > 0) return { kind: 'overdue', days: late, label: `Просрочено на ${late} дн.` };
  if (late === 0) return { kind: 'today', label: 'Сегодня' };
  return null;
}

/** The same count in words, for a screen reader or a message: «3 дня». */
export function daysInWords(days: number): string {
  return countRu(days, DAY_FORMS);
}
