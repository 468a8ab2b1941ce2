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

/** A report's file: CSV, or an Excel workbook. */
export const reportFileFormat = z.enum(['csv', 'xlsx'], { error: 'Формат файла: CSV или Excel (.xlsx)' });
export type ReportFileFormat = z.output<typeof reportFileFormat>;

/** A page of a report's list: offset pages, a report's lists being a period's or a debt's. */
export const REPORT_PAGE = 50;
export const reportPageQuery = z.object({
  offset: z.coerce
    .number({ error: 'Страница отчёта: неверное смещение' })
    .int('Страница отчёта: неверное смещение')
    .min(0, 'Страница отчёта: неверное смещение')
    .max(1_000_000, 'Страница отчёта: неверное смещение')
    .default(0),
});

/**
 * What closed repairs earned (issue 53): works and parts at their sale price after discounts,
 * less the parts at the cost they were taken from stock at. A part not from stock has no cost
 * recorded (0), so its whole price counts as margin: `partsWithoutCost` says how many such lines.
 */
export interface MarginSums {
  /** Repairs closed. */
  tickets: number;
  works: number;
  parts: number;
  partsCost: number;
  /** works + parts − partsCost. */
  margin: number;
}

export interface MarginReportDto {
  from: string;
  to: string;
  step: ReportStep;
  total: MarginSums & {
    /** Closed repairs with a sum above zero: what the average ticket is taken over. */
    charged: number;
    /** «Средний чек»: (works + parts) / charged, kopecks rounded; 0 with nothing charged. */
    average: number;
    partsWithoutCost: number;
  };
  buckets: (MarginSums & { start: string })[];
}

export interface MarginTicketRow {
  id: number;
  title: string;
  device: string;
  clientName: string;
  assigneeName: string;
  closedAt: string;
  works: number;
  parts: number;
  partsCost: number;
  margin: number;
}

export interface ReportPageDto<T> {
  items: T[];
  /** Rows in the whole list. */
  total: number;
  offset: number;
}

/** A finished repair that still owes (as «Сводка» counts them): by the largest debt first. */
export interface UnpaidRow {
  id: number;
  title: string;
  device: string;
  clientName: string;
  status: string;
  createdAt: string;
  closedAt: string | null;
  total: number;
  paid: number;
  due: number;
}

export interface UnpaidReportDto extends ReportPageDto<UnpaidRow> {
  /** The sum owed over the whole list. */
  due: number;
}

/** Repairs taken in over a period by the device as typed (case and spaces aside). */
export interface ModelRow {
  model: string;
  repairs: number;
  /** Their lines' sum, kopecks. */
  total: number;
}

export const MODELS_LISTED = 50;

export interface ModelsReportDto {
  from: string;
  to: string;
  repairs: number;
  withoutModel: number;
  /** The most frequent models, at most MODELS_LISTED. */
  models: ModelRow[];
}

/** How long repairs stayed in a status or stage they left in the period. */
export interface DurationRow {
  key: string;
  label: string;
  /** Times a repair left it. */
  spans: number;
  averageDays: number;
  longestDays: number;
}

export interface DurationsReportDto {
  from: string;
  to: string;
  statuses: DurationRow[];
  stages: DurationRow[];
}

/** A stage's key among the status spans (`stage_spans.status`): stages and statuses share the table. */
export const stageSpanKey = (stageId: number) => `stage:${stageId}`;
