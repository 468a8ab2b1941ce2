import { isCalendarDate, isPlausibleDueDate } from './calendar-date';
import { z } from './zod-ru';

/** A calendar date as `YYYY-MM-DD` (no time zone), or null for "no date". */
export const dueDateSchema = z
  .string({ error: 'Срок: ожидается дата' })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), 'Срок: некорректная дата')
  .refine((value) => value === '' || isPlausibleDueDate(value), 'Срок: год от 2000 до 2099')
  .transform((value) => (value === '' ? null : value))
  .nullable();
