import { describe, expect, it } from 'vitest';
import { formatCalendarDate, isCalendarDate, isPlausibleDueDate } from './calendar-date';
import { dueDateSchema } from './due-date-schema';

describe('calendar dates', () => {
  it.each([
    ['2026-11-22', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['22.11.2026', false],
    ['2026-11-22T10:00', false],
  ])('%s valid: %s', (value, valid) => {
    expect(isCalendarDate(value)).toBe(valid);
  });

  it('reads an empty date as null', () => {
    expect(dueDateSchema.parse('')).toBeNull();
    expect(dueDateSchema.parse(null)).toBeNull();
    expect(dueDateSchema.parse(' 2026-11-22 ')).toBe('2026-11-22');
    expect(dueDateSchema.safeParse('вчера').error?.issues[0]?.message).toBe('Срок: некорректная дата');
  });

  // What a date input reports while a year is typed digit by digit, and the finished date.
  it.each([
    ['0002-12-15', false],
    ['0020-12-15', false],
    ['0202-12-15', false],
    ['2026-12-15', true],
    ['1999-12-31', false],
    ['2099-12-31', true],
    ['2100-01-01', false],
  ])('%s is a due date someone means: %s', (value, plausible) => {
    expect(isPlausibleDueDate(value)).toBe(plausible);
    expect(dueDateSchema.safeParse(value).success).toBe(plausible);
  });

  it('formats as DD.MM.YYYY', () => {
    expect(formatCalendarDate('2026-11-02')).toBe('02.11.2026');
    expect(formatCalendarDate(null)).toBe('');
  });
});
