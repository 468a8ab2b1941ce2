import { z } from 'zod';
import { addDays, isCalendarDate } from './calendar-date';
import type { PaymentMethod } from './money';

/**
 * «Отчёты» (issue 53): the shop's money over a period of its calendar days. Sums are kopecks;
 * a bucket is named by its first day (a week starts on Monday, as in Russia).
 */
export const REPORT_STEPS = ['day', 'week', 'month'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

export const REPORT_STEP_LABELS: Record<ReportStep, string> = {
  day: 'По дням',
  week: 'По неделям',
  month: 'По месяцам',
};

/** A year and a day: a leap year with the day it starts from. */
export const MAX_REPORT_DAYS = 367;

const PERIOD_MESSAGE = 'Период: даты в виде ГГГГ-ММ-ДД, «с» не позже «по», не длиннее года';
const calendarDate = z.string({ error: PERIOD_MESSAGE }).refine(isCalendarDate, PERIOD_MESSAGE);

export const reportQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    step: z.enum(REPORT_STEPS, { error: 'Шаг: по дням, неделям или месяцам' }).default('day'),
  })
  // Runs even when a date above failed (zod goes on to object checks): each is checked again.
  .refine(
    (q) =>
      isCalendarDate(q.from) &&
      isCalendarDate(q.to) &&
      q.from <= q.to &&
      q.to < addDays(q.from, MAX_REPORT_DAYS),
    {
      message: PERIOD_MESSAGE,
      path: ['to'],
    },
  );
export type ReportQuery = z.output<typeof reportQuery>;

/** The first day of the bucket `date` falls in. */
export function bucketStart(date: string, step: ReportStep): string {
  if (step === 'day') return date;
  if (step === 'month') return `${date.slice(0, 8)}01`;
  // getUTCDay of a calendar date: 0 is Sunday; Monday starts the week.
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket a period touches, in order, named by its first day. */
export function bucketStarts(from: string, to: string, step: ReportStep): string[] {
  const starts: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const start = bucketStart(date, step);
    if (starts.at(-1) !== start) starts.push(start);
  }
  return starts;
}

export interface MoneyFlow {
  /** Payments taken. */
  taken: number;
  /** Refunds given back. */
  refunded: number;
}

export interface TakingsReportDto {
  from: string;
  to: string;
  step: ReportStep;
  total: MoneyFlow;
  buckets: (MoneyFlow & { start: string })[];
  byMethod: (MoneyFlow & { method: PaymentMethod })[];
  /** By the repair's type (its title); a payment whose repair was deleted for good: «—». */
  byType: (MoneyFlow & { type: string })[];
  /** By who took it, as their name was then. */
  byPerson: (MoneyFlow & { person: string })[];
}
