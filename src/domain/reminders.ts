import { daysBetween } from './due-marks';
import type { PushMessage } from './push-message';
import { paths } from './routes';
import { startOfDayIn } from './status-limits';
import { ticketNumber } from './ticket-number';
import type { WorkKind } from './worklist';

// Morning reminders (issue 20): at the time an admin sets (09:00 in the shop's time zone unless
// changed) each person with overdue or due-today items gets one push naming how many and the
// first few; an item that becomes overdue is named to its assignee once.

export const DEFAULT_REMINDER_TIME = '09:00';
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Items named in the morning push; the rest are counted («и ещё 4»). */
export const DIGEST_ITEMS = 3;

/** The instant of a shop-clock time on a calendar date, as an ISO timestamp. */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  // The list's zones keep midnight every day and have no daylight saving (work-rules.ts).
  return new Date(Date.parse(startOfDayIn(date, timeZone)) + (hours * 60 + minutes) * 60_000).toISOString();
}

export interface DueItem {
  kind: WorkKind;
  id: number;
  title: string;
  dueDate: string;
  /** Not named to its assignee before (it became overdue since the last morning push). */
  newlyOverdue: boolean;
}

const quoted = (title: string) => `«${title.length > 60 ? `${title.slice(0, 59)}…` : title}»`;

function itemName(item: Pick<DueItem, 'kind' | 'id' | 'title'>): string {
  return item.kind === 'ticket'
    ? `${ticketNumber(item.id)} ${quoted(item.title)}`
    : `Задача ${quoted(item.title)}`;
}

function dueWords(dueDate: string, today: string): string {
  const late = daysBetween(dueDate, today);
  return late > 0 ? `просрочено на ${late} дн.` : 'сегодня';
}

/**
 * The order items are named in: newly overdue first (so the once-only news is never cut off),
 * then the longest overdue, then today's; the id keeps it stable.
 */
export function digestOrder(a: DueItem, b: DueItem): number {
  if (a.newlyOverdue !== b.newlyOverdue) return a.newlyOverdue ? -1 : 1;
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === 'ticket' ? -1 : 1;
  return a.id - b.id;
}

/**
 * One person's morning push: «Просрочено: 3 · На сегодня: 2», then the first few items, then
 * how many more. `items` holds at least the first DIGEST_ITEMS in digestOrder.
 */
export function digestMessage(input: {
  appName: string;
  userId: number;
  overdue: number;
  dueToday: number;
  items: readonly DueItem[];
  today: string;
}): PushMessage {
  const { overdue, dueToday, today } = input;
  const counts = [overdue > 0 ? `Просрочено: ${overdue}` : '', dueToday > 0 ? `На сегодня: ${dueToday}` : '']
    .filter(Boolean)
    .join(' · ');
  const named = [...input.items].sort(digestOrder).slice(0, DIGEST_ITEMS);
  const lines = named.map((item) => `${itemName(item)} — ${dueWords(item.dueDate, today)}`);
  const more = overdue + dueToday - named.length;
  if (more > 0) lines.push(`и ещё ${more}`);
  return {
    title: input.appName,
    body: [counts, ...lines].join('\n'),
    // «Мои», overdue first: the list the push is about.
    url: `${paths.work}?assignee=${input.userId}&order=overdue`,
    // Today's push replaces yesterday's if that one is still unread.
    tag: 'morning-reminder',
  };
}

/** An item that became overdue during the day (a due date moved into the past, or a new assignee). */
export function overdueMessage(
  appName: string,
  item: Pick<DueItem, 'kind' | 'id' | 'title' | 'dueDate'>,
  today: string,
): PushMessage {
  const what =
    item.kind === 'ticket'
      ? `заявка ${ticketNumber(item.id)} ${quoted(item.title)}`
      : `задача ${quoted(item.title)}`;
  const [year, month, day] = item.dueDate.split('-');
  const late = daysBetween(item.dueDate, today);
  return {
    title: appName,
    body: `Просрочена ${what}: срок был ${day}.${month}.${year}${late > 1 ? `, ${late} дн. назад` : ''}`,
    url: item.kind === 'ticket' ? paths.ticket(item.id) : paths.task(item.id),
    tag: `${item.kind}-${item.id}`,
  };
}
