import { describe, expect, it } from 'vitest';
import { daysInStatus, limitDays, overLimit, overLimitCutoffs, startOfDayIn } from './status-limits';

const RULES = { limit_at_pvz: '2', limit_in_repair: '7', limit_new: '', limit_to_pvz: 'abc' };

describe('time limits per status', () => {
  it('reads a limit only when it is a whole number of days from 1 to 365', () => {
    expect(limitDays(RULES, 'at_pvz')).toBe(2);
    expect(limitDays(RULES, 'new')).toBeNull();
    expect(limitDays(RULES, 'to_pvz')).toBeNull();
    expect(limitDays({ limit_in_repair: '0' }, 'in_repair')).toBeNull();
    expect(limitDays(RULES, 'closed')).toBeNull();
  });

  it('counts days in the status by the shop’s calendar', () => {
    // Entered at 23:30 Moscow on the 20th (20:30 UTC): two days by the 22nd.
    expect(daysInStatus('2026-11-20T20:30:00Z', '2026-11-22', 'Europe/Moscow')).toBe(2);
    // 00:30 Moscow on the 21st is still the 20th in UTC: one day by the shop's calendar.
    expect(daysInStatus('2026-11-20T21:30:00Z', '2026-11-22', 'Europe/Moscow')).toBe(1);
  });

  it('marks an open ticket only once it has stayed longer than its status allows', () => {
    const at = (statusSince: string) =>
      overLimit({ status: 'at_pvz', statusSince }, RULES, '2026-11-22', 'Europe/Moscow');
    expect(at('2026-11-20T09:00:00Z')).toBeNull(); // two days: at the limit
    expect(at('2026-11-19T09:00:00Z')).toEqual({ days: 3, limit: 2, label: 'В статусе 3 дн.' });
    expect(
      overLimit({ status: 'new', statusSince: '2026-01-01T00:00:00Z' }, RULES, '2026-11-22', 'UTC'),
    ).toBeNull();
    expect(overLimit({ status: 'at_pvz', statusSince: null }, RULES, '2026-11-22', 'UTC')).toBeNull();
  });

  it('finds the instant a shop’s day starts, in a zone with and without daylight saving', () => {
    expect(startOfDayIn('2026-11-22', 'Europe/Moscow')).toBe('2026-11-21T21:00:00.000Z');
    expect(startOfDayIn('2026-11-22', 'Asia/Vladivostok')).toBe('2026-11-21T14:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfDayIn('2026-12-01', 'America/New_York')).toBe('2026-12-01T05:00:00.000Z');
    expect(startOfDayIn('2026-03-01', 'UTC')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('gives the filter a cutoff per limited status that agrees with the mark', () => {
    const cutoffs = overLimitCutoffs(RULES, '2026-11-22', 'Europe/Moscow');
    expect(cutoffs).toEqual([
      { status: 'at_pvz', before: '2026-11-19T21:00:00.000Z' },
      { status: 'in_repair', before: '2026-11-14T21:00:00.000Z' },
    ]);
    for (const since of ['2026-11-19T20:59:59Z', '2026-11-19T21:00:00Z']) {
      const marked = overLimit(
        { status: 'at_pvz', statusSince: since },
        RULES,
        '2026-11-22',
        'Europe/Moscow',
      );
      expect(marked !== null, since).toBe(since < cutoffs[0]!.before);
    }
  });
});
