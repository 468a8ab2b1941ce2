import { addDays } from './calendar-date';
import type { PipelineStatus, TicketStatus } from './ticket-status';
import type { TicketChannel } from './ticket-channels';

// The owner's dashboard (issue 20): how the shop is doing at a glance. Computed in SQL on the
// server (src/server/dashboard); each figure links to the worklist filtered to what it counts.

export const DASHBOARD_WEEKS = 12;
export const STAGE_PERIODS = [30, 90] as const;

export interface StageAverage {
  status: PipelineStatus;
  /** Average days spent in the status by tickets that left it in the last 30 / 90 days. */
  days30: number | null;
  count30: number;
  days90: number | null;
  count90: number;
}

export interface EmployeeLoad {
  /** null: items nobody is assigned to. */
  assigneeId: number | null;
  name: string;
  open: number;
  overdue: number;
}

export interface DashboardDto {
  /** The shop's date the figures are for. */
  today: string;
  openByStatus: { status: TicketStatus; count: number }[];
  openByChannel: { channel: TicketChannel; count: number }[];
  /** Open tickets and tasks past their due date, and due today. */
  overdue: number;
  dueToday: number;
  /** Open tickets longer in their status than its limit («Настройки» → «Сроки»). */
  overLimit: number;
  /** Oldest first; `start` is the week's Monday. */
  weeks: { start: string; received: number; closed: number }[];
  stages: StageAverage[];
  load: EmployeeLoad[];
}

/** The Mondays of the last `count` weeks, this week's last. */
export function weekStarts(today: string, count: number = DASHBOARD_WEEKS): string[] {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = addDays(today, -((weekday + 6) % 7));
  return Array.from({ length: count }, (_, index) => addDays(monday, (index - count + 1) * 7));
}

/** «16.11»: a week on the chart's axis. */
export function weekLabel(start: string): string {
  return `${start.slice(8, 10)}.${start.slice(5, 7)}`;
}
