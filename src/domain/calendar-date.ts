// Plain date functions, no zod: the worklist's first screen formats dates with them.

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * A due date a shop can mean. Besides catching typos, this is what tells a finished
 * date from one being typed: a browser's date input reports 0002-12-15, 0020-12-15
 * and 0202-12-15 on the way to 2026-12-15.
 */
export function isPlausibleDueDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isCalendarDate(value) && year >= 2000 && year <= 2099;
}

/** 2026-11-22 -> 22.11.2026, as people here write dates. */
export function formatCalendarDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}

/** The calendar date `days` after `date` (before, when negative); month and year ends included. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const MONTH_NAME = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** «ноябрь 2026 г.» from «2026-11» or any date of that month. */
export function formatMonth(monthOrDate: string): string {
  return MONTH_NAME.format(new Date(`${monthOrDate.slice(0, 7)}-01T00:00:00Z`));
}
