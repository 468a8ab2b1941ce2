import { formatCalendarDate } from '../../domain/calendar-date';
import { todayIn } from '../../domain/due-marks';
import { PAYMENT_METHOD_LABELS } from '../../domain/money';
import {
  REPORT_STEP_LABELS,
  type DurationsReportDto,
  type MarginReportDto,
  type MarginSums,
  type MarginTicketRow,
  type ModelsReportDto,
  type TakingsReportDto,
  type UnpaidReportDto,
} from '../../domain/reports';
import { ticketNumber } from '../../domain/ticket-number';
import { isTicketStatus, TICKET_STATUS_LABELS } from '../../domain/ticket-status';

/**
 * A report as the files carry it (issue 53): sheets of typed columns, one writer for CSV and one
 * for .xlsx. Money is kopecks here; each writer shows it as rubles its own way.
 */
export type CellKind = 'text' | 'money' | 'count' | 'days';
export interface SheetColumn {
  header: string;
  kind: CellKind;
}
export type Cell = string | number;
export interface ReportSheet {
  name: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

const text = (header: string): SheetColumn => ({ header, kind: 'text' });
const money = (header: string): SheetColumn => ({ header, kind: 'money' });
const count = (header: string): SheetColumn => ({ header, kind: 'count' });
const days = (header: string): SheetColumn => ({ header, kind: 'days' });

const period = (report: { from: string; to: string }) =>
  `${formatCalendarDate(report.from)} – ${formatCalendarDate(report.to)}`;
const shopDay = (iso: string | null, timeZone: string) =>
  iso ? formatCalendarDate(todayIn(timeZone, new Date(iso))) : '';

export function takingsSheets(report: TakingsReportDto): ReportSheet[] {
  const flow = [money('Принято, ₽'), money('Возвращено, ₽'), money('Итого, ₽')];
  const net = (f: { taken: number; refunded: number }) => [f.taken, f.refunded, f.taken - f.refunded];
  return [
    {
      name: 'Выручка',
      columns: [text(`${REPORT_STEP_LABELS[report.step]}, ${period(report)}`), ...flow],
      rows: [
        ...report.buckets.map((b) => [formatCalendarDate(b.start), ...net(b)]),
        ['Итого', ...net(report.total)],
      ],
    },
    {
      name: 'По способу оплаты',
      columns: [text('Способ'), ...flow],
      rows: report.byMethod.map((m) => [PAYMENT_METHOD_LABELS[m.method], ...net(m)]),
    },
    {
      name: 'По типу заявки',
      columns: [text('Тип'), ...flow],
      rows: report.byType.map((t) => [t.type, ...net(t)]),
    },
    {
      name: 'По сотруднику',
      columns: [text('Кто принял'), ...flow],
      rows: report.byPerson.map((p) => [p.person, ...net(p)]),
    },
  ];
}

export function marginSheets(
  report: MarginReportDto,
  tickets: MarginTicketRow[],
  timeZone: string,
): ReportSheet[] {
  const sums = [
    count('Заявок закрыто'),
    money('Работы, ₽'),
    money('Запчасти, ₽'),
    money('Себестоимость запчастей, ₽'),
    money('Маржа, ₽'),
  ];
  const row = (s: MarginSums) => [s.tickets, s.works, s.parts, s.partsCost, s.margin];
  return [
    {
      name: 'Маржа',
      columns: [text(`${REPORT_STEP_LABELS[report.step]}, ${period(report)}`), ...sums],
      rows: [
        ...report.buckets.map((b) => [formatCalendarDate(b.start), ...row(b)]),
        ['Итого', ...row(report.total)],
      ],
    },
    {
      name: 'Средний чек',
      columns: [count('Заявок с суммой'), money('Средний чек, ₽'), count('Запчастей без себестоимости')],
      rows: [[report.total.charged, report.total.average, report.total.partsWithoutCost]],
    },
    {
      name: 'Заявки',
      columns: [
        text('Заявка'),
        text('Закрыта'),
        text('Тип'),
        text('Устройство'),
        text('Клиент'),
        text('Исполнитель'),
        money('Работы, ₽'),
        money('Запчасти, ₽'),
        money('Себестоимость запчастей, ₽'),
        money('Маржа, ₽'),
      ],
      rows: tickets.map((t) => [
        ticketNumber(t.id),
        shopDay(t.closedAt, timeZone),
        t.title,
        t.device,
        t.clientName,
        t.assigneeName,
        t.works,
        t.parts,
        t.partsCost,
        t.margin,
      ]),
    },
  ];
}

export function unpaidSheets(report: UnpaidReportDto, timeZone: string): ReportSheet[] {
  return [
    {
      name: 'Долги',
      columns: [
        text('Заявка'),
        text('Принята'),
        text('Статус'),
        text('Тип'),
        text('Устройство'),
        text('Клиент'),
        money('Сумма, ₽'),
        money('Оплачено, ₽'),
        money('Долг, ₽'),
      ],
      rows: [
        ...report.items.map((t) => [
          ticketNumber(t.id),
          shopDay(t.createdAt, timeZone),
          isTicketStatus(t.status) ? TICKET_STATUS_LABELS[t.status] : t.status,
          t.title,
          t.device,
          t.clientName,
          t.total,
          t.paid,
          t.due,
        ]),
        ['Итого', '', '', '', '', '', '', '', report.due],
      ],
    },
  ];
}

export function modelsSheets(report: ModelsReportDto): ReportSheet[] {
  return [
    {
      name: 'Модели',
      columns: [text(`Устройство, ${period(report)}`), count('Ремонтов'), money('Сумма, ₽')],
      rows: [
        ...report.models.map((m) => [m.model, m.repairs, m.total]),
        ['Без устройства', report.withoutModel, ''],
        ['Всего ремонтов', report.repairs, ''],
      ],
    },
  ];
}

export function durationsSheets(report: DurationsReportDto): ReportSheet[] {
  const columns = [count('Раз покидали'), days('В среднем, дней'), days('Дольше всего, дней')];
  const rows = (list: DurationsReportDto['statuses']) =>
    list.map((r) => [r.label, r.spans, r.averageDays, r.longestDays]);
  return [
    {
      name: 'Статусы',
      columns: [text(`Статус, ${period(report)}`), ...columns],
      rows: rows(report.statuses),
    },
    { name: 'Этапы', columns: [text('Этап «В ремонте»'), ...columns], rows: rows(report.stages) },
  ];
}
