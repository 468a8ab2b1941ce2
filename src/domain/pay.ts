import { z } from 'zod';
import { formatRubles, MAX_KOPECKS, type Kopecks } from './money';

/**
 * Technician pay (issue 53). A person's rule adds up four parts, any of them zero: a share of the
 * works on each repair they closed, a share of its margin, a fixed sum per repair, and a monthly
 * salary. Shares are basis points (1 % = 100) so that 12,5 % stays exact.
 *
 * A statement is a calendar month of the shop. Once marked paid it is a snapshot: its rule, its
 * repairs and its sums never change again. When a repair it counted changes afterwards, the
 * statement shows the difference («после выплаты изменилось»), and the difference is paid as a
 * correction in a month not yet paid — a correction is written, never a paid figure rewritten.
 */
export interface PayRule {
  worksShare: number;
  marginShare: number;
  perRepair: Kopecks;
  salary: Kopecks;
}

export const NO_RULE: PayRule = { worksShare: 0, marginShare: 0, perRepair: 0, salary: 0 };

const share = z.coerce
  .number({ error: 'Доля: число процентов от 0 до 100' })
  .int('Доля: не больше двух знаков после запятой')
  .min(0, 'Доля: от 0 до 100 %')
  .max(10_000, 'Доля: от 0 до 100 %');
const sum = z.coerce
  .number({ error: 'Сумма: число рублей' })
  .int('Сумма: в копейках, целым числом')
  .min(0, 'Сумма не может быть меньше нуля')
  .max(MAX_KOPECKS, 'Слишком большая сумма');

export const payRuleInput = z.object({
  worksShare: share,
  marginShare: share,
  perRepair: sum,
  salary: sum,
});

export const PAY_MONTH_MESSAGE = 'Месяц: в виде ГГГГ-ММ';
export const payMonth = z
  .string({ error: PAY_MONTH_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, PAY_MONTH_MESSAGE);

export const payStatementQuery = z.object({ month: payMonth });

export const payCorrectionInput = z.object({
  month: payMonth,
  /** Kopecks, either sign: a deduction is negative. */
  amount: z.coerce
    .number({ error: 'Сумма: число рублей' })
    .int('Сумма: в копейках, целым числом')
    .min(-MAX_KOPECKS, 'Слишком большая сумма')
    .max(MAX_KOPECKS, 'Слишком большая сумма')
    .refine((value) => value !== 0, 'Корректировка на ноль ничего не меняет'),
  reason: z.string().trim().min(1, 'Напишите, за что корректировка').max(500, 'Причина: до 500 символов'),
  /** The paid month whose later change this pays out, if it is one. */
  forMonth: payMonth.nullable().default(null),
});

export const payMarkPaidInput = z.object({
  month: payMonth,
  /** The total the person saw: a statement that changed since is not paid blind. */
  expectedTotal: z.number().int(),
});

export const PAY_ALREADY_PAID =
  'Этот месяц уже выплачен: ведомость не меняется, разница вносится корректировкой';
export const PAY_CHANGED = 'Ведомость изменилась, пока вы её смотрели: проверьте суммы и отметьте снова';
export const PAY_MONTH_NOT_OVER = 'Выплатить можно только начавшийся месяц';
export const PAY_CORRECTION_FOR_MONTH =
  'Корректировка «за месяц» — только за уже выплаченный месяц раньше того, в который она вносится';
export const PAY_OWN = 'Свою зарплату настраивает и отмечает владелец';
export const PAY_CORRECTION_INTO_PAID =
  'В выплаченный месяц корректировку не внести: выберите месяц, который ещё не выплачен';

/** A person on «Зарплаты» with their rule. */
export interface PayPersonDto {
  userId: number;
  name: string;
  role: string;
  /** Left the shop (account disabled); still listed while they have a rule. */
  disabled: boolean;
  rule: PayRule;
}

/** One repair of a statement and what it earned. */
export interface PayRepairLine {
  ticketId: number;
  title: string;
  closedAt: string;
  works: Kopecks;
  margin: Kopecks;
  earned: Kopecks;
}

export interface PayCorrectionDto {
  id: number;
  amount: Kopecks;
  reason: string;
  forMonth: string | null;
  createdAt: string;
  createdByName: string;
}

export interface PayStatementDto {
  userId: number;
  userName: string;
  month: string;
  rule: PayRule;
  repairs: PayRepairLine[];
  corrections: PayCorrectionDto[];
  salary: Kopecks;
  total: Kopecks;
  paid: { at: string; byName: string } | null;
  /**
   * A paid month only: how its repairs read now, by the rule it was paid at, less what it paid
   * and less the corrections already written for it. Zero when nothing changed since.
   */
  changedSincePaid: Kopecks;
}

/** What one repair earns by a rule: each share rounded to the kopeck, then the fixed sum. */
export function earnedOn(rule: PayRule, repair: { works: Kopecks; margin: Kopecks }): Kopecks {
  return (
    Math.round((repair.works * rule.worksShare) / 10_000) +
    Math.round((repair.margin * rule.marginShare) / 10_000) +
    rule.perRepair
  );
}

/** A statement's total: the repairs, the salary and the corrections. */
export function statementTotal(
  repairs: readonly { earned: Kopecks }[],
  salary: Kopecks,
  corrections: readonly { amount: Kopecks }[],
): Kopecks {
  return (
    repairs.reduce((total, line) => total + line.earned, 0) +
    salary +
    corrections.reduce((total, line) => total + line.amount, 0)
  );
}

/** «12,5 %» from basis points. */
export function formatShare(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;
}

/** The calendar days of a month, first and last. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** «50 % работ, 10 % маржи, 200,00 ₽ за ремонт, оклад 10 000,00 ₽», or that there is none. */
export function ruleText(rule: PayRule): string {
  const parts = [
    rule.worksShare ? `${formatShare(rule.worksShare)} работ` : '',
    rule.marginShare ? `${formatShare(rule.marginShare)} маржи` : '',
    rule.perRepair ? `${formatRubles(rule.perRepair)} за ремонт` : '',
    rule.salary ? `оклад ${formatRubles(rule.salary)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'правило не задано';
}
