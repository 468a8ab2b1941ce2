import { z } from './zod-ru';

/** A calendar date as `YYYY-MM-DD` (no time zone), or null for "no date". */
export const dueDateSchema = z
  .string({ error: 'Срок: ожидается дата' })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), 'Срок: некорректная дата')
  .transform((value) => (value === '' ? null : value))
  .nullable();

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** 2026-11-22 -> 22.11.2026, as people here write dates. */
export function formatCalendarDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}
