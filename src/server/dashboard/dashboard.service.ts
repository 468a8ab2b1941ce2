import type { Kysely } from 'kysely';
import { DASHBOARD_WEEKS, weekStarts, type DashboardDto, type StageAverage } from '../../domain/dashboard';
import { todayIn } from '../../domain/due-marks';
import { addDays } from '../../domain/calendar-date';
import { overLimitCutoffs, startOfDayIn } from '../../domain/status-limits';
import { ALL_TICKET_STATUSES, TICKET_PIPELINE } from '../../domain/ticket-status';
import type { WorkRulesValues } from '../../domain/work-rules';
import { TICKET_CHANNELS, type TicketChannel } from '../../domain/ticket-channels';
import { isProvider } from '../../domain/providers';
import type { DB } from '../db/schema';
import { sharedWhileUnchanged } from '../events/shared-while-unchanged';
import {
  countOverLimit,
  openLoad,
  openTicketGroups,
  stageTotals,
  userNames,
  weeklyTickets,
} from './dashboard.repository';

const DAY_MS = 86_400_000;
/** The stages averaged: every status of the pipeline a ticket leaves. */
const STAGES = TICKET_PIPELINE.filter((status) => status !== 'closed');

function channelOf(intake: string, provider: string | null): TicketChannel {
  if (intake === 'walk_in') return 'walk_in';
  return isProvider(provider) ? provider : 'none';
}

const average = (days: number | string | null, count: number) =>
  count > 0 ? Math.round((Number(days ?? 0) / count) * 10) / 10 : null;

/**
 * How long one computation of the figures may serve every request while no change is heard
 * of (sharedWhileUnchanged): also how soon a change that published no event shows.
 */
export const DASHBOARD_FRESH_MS = 15_000;

export function createDashboardService(deps: {
  db: Kysely<DB>;
  rules: () => Promise<WorkRulesValues>;
  now: () => Date;
  /** Where the shop's changes stand (EventBus.sharedMark): one computation serves until it moves. */
  changesMark: () => Promise<string | null>;
}) {
  const { db } = deps;
  const compute = async (): Promise<DashboardDto> => {
    const rules = await deps.rules();
    const now = deps.now();
    const today = todayIn(rules.timeZone, now);
    const mondays = weekStarts(today, DASHBOARD_WEEKS);
    const bounds = mondays.map((monday) => startOfDayIn(monday, rules.timeZone));
    const weeksEnd = startOfDayIn(addDays(mondays.at(-1) ?? today, 7), rules.timeZone);
    const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

    const [groups, load, weekly, stages, overLimit] = await Promise.all([
      openTicketGroups(db),
      openLoad(db, today),
      weeklyTickets(db, bounds, weeksEnd),
      stageTotals(db, STAGES, since(90), since(30)),
      countOverLimit(db, overLimitCutoffs(rules, today, rules.timeZone)),
    ]);

    const byStatus = new Map<string, number>();
    const byChannel = new Map<TicketChannel, number>();
    for (const row of groups) {
      const n = Number(row.n);
      byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + n);
      const channel = channelOf(row.intake, row.delivery_provider);
      byChannel.set(channel, (byChannel.get(channel) ?? 0) + n);
    }
    const names = new Map(
      (
        await userNames(
          db,
          load.flatMap((row) => (row.assigneeId === null ? [] : [row.assigneeId])),
        )
      ).map((user) => [user.id, user.display_name]),
    );
    const stageRows = new Map(stages.map((row) => [row.status, row]));

    return {
      today,
      // The pipeline's order; an old tool's status only while some open ticket has it.
      openByStatus: ALL_TICKET_STATUSES.filter(
        (status) =>
          status !== 'closed' && (TICKET_PIPELINE.includes(status as never) || byStatus.has(status)),
      ).map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      openByChannel: TICKET_CHANNELS.map((channel) => ({ channel, count: byChannel.get(channel) ?? 0 })),
      overdue: load.reduce((sum, row) => sum + row.overdue, 0),
      dueToday: load.reduce((sum, row) => sum + row.dueToday, 0),
      overLimit,
      weeks: mondays.map((start, index) => ({
        start,
        received: weekly.received[index] ?? 0,
        closed: weekly.closed[index] ?? 0,
      })),
      stages: STAGES.map((status): StageAverage => {
        const row = stageRows.get(status);
        const count30 = Number(row?.n_short ?? 0);
        const count90 = Number(row?.n_long ?? 0);
        return {
          status,
          days30: average(row?.days_short ?? null, count30),
          count30,
          days90: average(row?.days_long ?? null, count90),
          count90,
        };
      }),
      load: load
        .map(({ assigneeId, open, overdue }) => ({
          assigneeId,
          name: assigneeId === null ? 'Без исполнителя' : (names.get(assigneeId) ?? 'Удалённый сотрудник'),
          open,
          overdue,
        }))
        .sort((a, b) => b.open - a.open || a.name.localeCompare(b.name, 'ru')),
    };
  };
  return {
    /** Every figure of «Сводка»; the same answer for every request until something changes. */
    read: sharedWhileUnchanged(compute, {
      mark: deps.changesMark,
      now: () => deps.now().getTime(),
      freshMs: DASHBOARD_FRESH_MS,
    }),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
