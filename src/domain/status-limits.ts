import { addDays } from './calendar-date';
import { daysBetween, todayIn } from './due-marks';
import { TICKET_PIPELINE, type PipelineStatus } from './ticket-status';

// Time limits per status (issue 20): how many days a ticket may stay in a status before it is
// marked «В статусе N дн.» and can be filtered. Set by admins in «Настройки» → «Сроки».

/** Statuses a limit can be set for: every step of the pipeline but «Закрыта». */
export const LIMITED_STATUSES = TICKET_PIPELINE.filter((status) => status !== 'closed') as Exclude<
  PipelineStatus,
  'closed'
>[];
export type LimitedStatus = (typeof LIMITED_STATUSES)[number];

/** As stored with the other rules: one text field per status, '' for no limit. */
export const limitField = (status: LimitedStatus) => `limit_${status}` as const;
export type LimitField = ReturnType<typeof limitField>;

export const MAX_LIMIT_DAYS = 365;

/** The limit for a status in whole days, or null when none is set (or the value is unusable). */
export function limitDays(rules: Readonly<Record<string, unknown>>, status: string): number | null {
  const raw = rules[`limit_${status}`];
  if (typeof raw !== 'string' || !/^\d{1,3}$/.test(raw)) return null;
  const days = Number(raw);
  return days >= 1 && days <= MAX_LIMIT_DAYS ? days : null;
}

/** Whole calendar days a ticket has been in its status, in the shop's time zone. */
export function daysInStatus(statusSince: string, today: string, timeZone: string): number {
  const since = new Date(statusSince);
  if (Number.isNaN(since.getTime())) return 0;
  return Math.max(0, daysBetween(todayIn(timeZone, since), today));
}

export interface OverLimit {
  days: number;
  limit: number;
  label: string;
}

/** «В статусе N дн.» when an open ticket has stayed longer than its status allows; else null. */
export function overLimit(
  ticket: { status: string; statusSince: string | null },
  rules: Readonly<Record<string, unknown>>,
  today: string,
  timeZone: string,
): OverLimit | null {
  if (!ticket.statusSince) return null;
  const limit = limitDays(rules, ticket.status);
  if (limit === null) return null;
  const days = daysInStatus(ticket.statusSince, today, timeZone);
  return days > limit ? { days, limit, label: `В статусе ${days} дн.` } : null;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
export function offsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar date starts in the zone, as an ISO timestamp (for comparing in SQL). */
export function startOfDayIn(date: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = midnightUtc - offsetMs(timeZone, midnightUtc);
  // Once more at the guess: right across a daylight-saving change too.
  guess = midnightUtc - offsetMs(timeZone, guess);
  return new Date(guess).toISOString();
}

/** Calendar days `from`..`to` (both included) in the zone, as instants: [from, to). */
export function daysInZone(from: string, to: string, timeZone: string): { from: string; to: string } {
  return { from: startOfDayIn(from, timeZone), to: startOfDayIn(addDays(to, 1), timeZone) };
}

/**
 * For the «Дольше срока» filter: per limited status, the instant before which entering it
 * means the ticket is over its limit today (days in status > limit).
 */
export function overLimitCutoffs(
  rules: Readonly<Record<string, unknown>>,
  today: string,
  timeZone: string,
): { status: LimitedStatus; before: string }[] {
  return LIMITED_STATUSES.flatMap((status) => {
    const limit = limitDays(rules, status);
    if (limit === null) return [];
    const lastAllowed = new Date(Date.parse(`${today}T00:00:00Z`) - limit * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return [{ status, before: startOfDayIn(lastAllowed, timeZone) }];
  });
}
