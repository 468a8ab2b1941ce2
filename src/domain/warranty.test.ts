import { describe, expect, it } from 'vitest';
import { warrantyDaysText, warrantyText, warrantyUntil } from './warranty';

describe('the shop’s warranty', () => {
  it('counts from the day of handover in the shop’s time zone', () => {
    // 23:30 UTC on the 20th is already the 21st in Moscow.
    expect(warrantyUntil('2026-11-20T21:30:00.000Z', 30, 'Europe/Moscow')).toBe('2026-12-21');
    expect(warrantyUntil('2026-11-20T20:30:00.000Z', 30, 'Europe/Moscow')).toBe('2026-12-20');
    expect(warrantyUntil('2026-12-31T10:00:00.000Z', 1, 'Europe/Moscow')).toBe('2027-01-01');
  });

  it('has no end while open, without days, or with none recorded', () => {
    expect(warrantyUntil(null, 30, 'Europe/Moscow')).toBeNull();
    expect(warrantyUntil('2026-11-20T10:00:00.000Z', 0, 'Europe/Moscow')).toBeNull();
    expect(warrantyUntil('2026-11-20T10:00:00.000Z', null, 'Europe/Moscow')).toBeNull();
  });

  it('reads as a person says it', () => {
    expect(warrantyText('2026-12-21', '2026-12-21')).toBe('гарантия до 21.12.2026');
    expect(warrantyText('2026-12-21', '2026-12-22')).toBe('гарантия истекла 21.12.2026');
    expect(warrantyText(null, '2026-12-22')).toBe('');
    expect([1, 2, 5, 21, 30, 90].map(warrantyDaysText)).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '21 день',
      '30 дней',
      '90 дней',
    ]);
    expect(warrantyDaysText(0)).toBe('Без гарантии');
    expect(warrantyDaysText(null)).toBe('Не указана');
  });
});
