import { describe, expect, it } from 'vitest';
import { daysBetween, dueMark, todayIn } from './due-marks';

describe('todayIn: the shop’s calendar, not the server’s', () => {
  it('turns the date over at the shop’s midnight', () => {
    // 23:30 in Moscow is still 20:30 UTC the same day; 00:30 Moscow is the previous UTC day.
    expect(todayIn('Europe/Moscow', new Date('2026-11-22T20:30:00Z'))).toBe('2026-11-22');
    expect(todayIn('Europe/Moscow', new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(todayIn('Asia/Vladivostok', new Date('2026-11-22T14:00:00Z'))).toBe('2026-11-23');
    expect(todayIn('UTC', new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });

  it('answers again for another zone or another moment (a list asks many times in a row)', () => {
    const evening = new Date('2026-11-22T20:30:00Z');
    expect(todayIn('Europe/Moscow', evening)).toBe('2026-11-22');
    expect(todayIn('Europe/Moscow', evening)).toBe('2026-11-22');
    expect(todayIn('Asia/Vladivostok', evening)).toBe('2026-11-23');
    expect(todayIn('Asia/Vladivostok', new Date('2026-11-22T13:00:00Z'))).toBe('2026-11-22');
  });

  it('handles month and year ends, and a leap day', () => {
    expect(todayIn('Europe/Moscow', new Date('2026-01-31T21:00:00Z'))).toBe('2026-02-01');
    expect(todayIn('Europe/Moscow', new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(todayIn('Europe/Moscow', new Date('2028-02-28T21:00:00Z'))).toBe('2028-02-29');
  });

  it('follows a zone with daylight saving too (Moscow has none since 2014)', () => {
    // New York: UTC−4 in summer, UTC−5 in winter.
    expect(todayIn('America/New_York', new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
    expect(todayIn('America/New_York', new Date('2026-12-01T04:30:00Z'))).toBe('2026-11-30');
    expect(todayIn('America/New_York', new Date('2026-12-01T05:30:00Z'))).toBe('2026-12-01');
    expect(todayIn('Europe/Moscow', new Date('2026-07-01T20:59:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/Moscow', new Date('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
  });
});

describe('daysBetween and dueMark', () => {
  it('counts calendar days across month ends and leap years', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
    expect(daysBetween('2028-01-31', '2028-03-01')).toBe(30);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('marks overdue and due today; nothing before, without a date, or when closed', () => {
    expect(dueMark('2026-11-20', '2026-11-23', false)).toEqual({
      kind: 'overdue',
      days: 3,
      label: 'Просрочено на 3 дн.',
    });
    expect(dueMark('2026-11-23', '2026-11-23', false)).toEqual({ kind: 'today', label: 'Сегодня' });
    expect(dueMark('2026-11-24', '2026-11-23', false)).toBeNull();
    expect(dueMark(null, '2026-11-23', false)).toBeNull();
    expect(dueMark('2026-11-01', '2026-11-23', true)).toBeNull();
    expect(dueMark('2026-10-31', '2026-11-01', false)?.label).toBe('Просрочено на 1 дн.');
  });
});
