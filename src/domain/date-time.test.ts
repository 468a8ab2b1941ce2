import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../scripts/lib/seeded-random';
import { formatDateTimeIn } from './date-time';

/** What Intl itself says, as formatDateTimeIn showed it before its offsets were cached. */
const referees = new Map<string, Intl.DateTimeFormat>();
function byIntl(iso: string, timeZone: string): string {
  let referee = referees.get(timeZone);
  if (!referee) {
    referee = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    referees.set(timeZone, referee);
  }
  const parts = referee.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

// Zones with summer time (Moscow's until 2011), half- and quarter-hour offsets, a 30-minute shift.
const ZONES = [
  'Europe/Moscow',
  'Europe/Kaliningrad',
  'Asia/Vladivostok',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'UTC',
];

describe('formatDateTimeIn', () => {
  it('shows what Intl shows, for 5,000 seeded instants from 1960 to 2040 in each zone', () => {
    const random = seededRandom(20261128);
    const from = Date.UTC(1960, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (const zone of ZONES) {
      for (let i = 0; i < 5_000; i += 1) {
        const iso = new Date(from + Math.floor(random() * (to - from))).toISOString();
        expect(formatDateTimeIn(iso, zone), `${iso} in ${zone}`).toBe(byIntl(iso, zone));
      }
    }
  });

  it('turns at each change of the clocks, to the minute', () => {
    // Moscow's last change back (26.10.2014 02:00 → 01:00), Berlin's spring forward, Lord Howe's half hour.
    const edges: [string, string][] = [
      ['2014-10-25T21:59:00.000Z', 'Europe/Moscow'],
      ['2014-10-25T22:00:00.000Z', 'Europe/Moscow'],
      ['2026-03-29T00:59:00.000Z', 'Europe/Berlin'],
      ['2026-03-29T01:00:00.000Z', 'Europe/Berlin'],
      ['2026-10-03T15:29:00.000Z', 'Australia/Lord_Howe'],
      ['2026-10-03T15:30:00.000Z', 'Australia/Lord_Howe'],
    ];
    for (const [iso, zone] of edges)
      expect(formatDateTimeIn(iso, zone), `${iso} ${zone}`).toBe(byIntl(iso, zone));
    expect(formatDateTimeIn('2014-10-25T21:59:00.000Z', 'Europe/Moscow')).toBe('26.10.2014 01:59');
    expect(formatDateTimeIn('2014-10-25T22:00:00.000Z', 'Europe/Moscow')).toBe('26.10.2014 01:00');
  });

  it('shows nothing for a value that is not a date, and the local time without a zone', () => {
    expect(formatDateTimeIn('не дата', 'Europe/Moscow')).toBe('');
    expect(formatDateTimeIn('2026-11-28T10:00:00.000Z', null)).toMatch(/^28\.11\.2026 \d\d:00$/);
  });
});
