import { formatCalendarDate } from '../../domain/calendar-date';
import { todayIn } from '../../domain/due-marks';
import { ruleText, type PayStatementDto } from '../../domain/pay';
import { ticketNumber } from '../../domain/ticket-number';
import type { ReportSheet } from '../reports/report-sheets';

/** A pay statement as a file's sheet: each repair, the salary, each correction, the total. */
export function paySheet(statement: PayStatementDto, timeZone: string): ReportSheet {
  const { rule } = statement;
  const blank = ['', '', '', ''];
  return {
    name: `Зарплата ${statement.month}`,
    columns: [
      {
        header: `${statement.userName}, ${statement.month}: ${ruleText(rule)}`,
        kind: 'text',
      },
      { header: 'Закрыта', kind: 'text' },
      { header: 'Тип', kind: 'text' },
      { header: 'Работы, ₽', kind: 'money' },
      { header: 'Маржа, ₽', kind: 'money' },
      { header: 'Начислено, ₽', kind: 'money' },
    ],
    rows: [
      ...statement.repairs.map((line) => [
        ticketNumber(line.ticketId),
        formatCalendarDate(todayIn(timeZone, new Date(line.closedAt))),
        line.title,
        line.works,
        line.margin,
        line.earned,
      ]),
      ...(statement.salary ? [['Оклад', ...blank, statement.salary]] : []),
      ...statement.corrections.map((correction) => [
        `Корректировка${correction.forMonth ? ` за ${correction.forMonth}` : ''}: ${correction.reason}`,
        ...blank,
        correction.amount,
      ]),
      ['Итого', ...blank, statement.total],
    ],
  };
}
