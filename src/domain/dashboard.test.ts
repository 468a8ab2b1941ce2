import { describe, expect, it } from 'vitest';
import { weekLabel, weekStarts } from './dashboard';

describe('weekStarts: the dashboard’s twelve weeks, Monday to Sunday', () => {
  it('ends with this week’s Monday, whatever the weekday', () => {
    // 23.11.2026 is a Monday; 29.11 a Sunday.
    expect(weekStarts('2026-11-23').at(-1)).toBe('2026-11-23');
    expect(weekStarts('2026-11-29').at(-1)).toBe('2026-11-23');
    expect(weekStarts('2026-11-30').at(-1)).toBe('2026-11-30');
  });

  it('goes back twelve weeks across month and year ends', () => {
    const weeks = weekStarts('2027-01-06');
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-10-19');
    expect(weeks.slice(-2)).toEqual(['2026-12-28', '2027-01-04']);
    expect(weekStarts('2028-03-01', 2)).toEqual(['2028-02-21', '2028-02-28']);
  });

  it('labels a week by its Monday', () => {
    expect(weekLabel('2026-12-28')).toBe('28.12');
  });
});
