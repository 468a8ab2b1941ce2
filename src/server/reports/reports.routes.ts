import type { Kysely } from 'kysely';
import { z } from 'zod';
import { reportPageQuery, reportQuery, type ReportPageDto } from '../../domain/reports';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { csvFileName } from '../export/csv-download';
import { parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { readDurationsReport } from './durations-report';
import { readMarginReport, readMarginTickets } from './margin-report';
import { readModelsReport } from './models-report';
import { sendReportFile } from './report-files';
import {
  durationsSheets,
  marginSheets,
  modelsSheets,
  takingsSheets,
  unpaidSheets,
  type ReportSheet,
} from './report-sheets';
import { readTakingsReport } from './takings-report';
import { readUnpaidReport } from './unpaid-report';

const EXPORT_REPORTS = ['takings', 'margin', 'unpaid', 'models', 'durations'] as const;
const EXPORT_FILE_NAMES: Record<(typeof EXPORT_REPORTS)[number], string> = {
  takings: 'vyruchka',
  margin: 'marzha',
  unpaid: 'dolgi',
  models: 'modeli',
  durations: 'sroki',
};
const exportQuery = z.object({
  report: z.enum(EXPORT_REPORTS, { error: 'Неизвестный отчёт' }),
  format: z.enum(['csv', 'xlsx'], { error: 'Формат файла: CSV или Excel (.xlsx)' }),
});

/** Every row of a paged list: a report's file holds the whole list, read a thousand at a time. */
async function allPages<P extends ReportPageDto<unknown>>(
  page: (offset: number, limit: number) => Promise<P>,
) {
  const rows: P['items'] = [];
  for (;;) {
    const next = await page(rows.length, 1000);
    rows.push(...next.items);
    if (next.items.length === 0 || rows.length >= next.total) return { rows, last: next };
  }
}

/** «Отчёты» (issue 53): for those allowed «Отчёты» (issue 52). */
export function registerReportsRoutes(
  { permitted }: RouteScopes,
  { db, clock, timeZone }: { db: Kysely<DB>; clock: Clock; timeZone: () => Promise<string> },
) {
  const reports = permitted('reports');
  reports.get('/api/reports/takings', async (request) => ({
    report: await readTakingsReport(db, parsePayload(reportQuery, request.query), await timeZone()),
  }));
  reports.get('/api/reports/margin', async (request) => ({
    report: await readMarginReport(db, parsePayload(reportQuery, request.query), await timeZone()),
  }));
  reports.get('/api/reports/margin/tickets', async (request) => {
    const { offset } = parsePayload(reportPageQuery, request.query);
    const query = parsePayload(reportQuery, request.query);
    return { page: await readMarginTickets(db, query, await timeZone(), offset) };
  });
  reports.get('/api/reports/unpaid', async (request) => ({
    report: await readUnpaidReport(db, parsePayload(reportPageQuery, request.query).offset),
  }));
  reports.get('/api/reports/models', async (request) => ({
    report: await readModelsReport(db, parsePayload(reportQuery, request.query), await timeZone()),
  }));
  reports.get('/api/reports/durations', async (request) => ({
    report: await readDurationsReport(db, parsePayload(reportQuery, request.query), await timeZone()),
  }));

  reports.get('/api/reports/export', async (request, reply) => {
    const { report, format } = parsePayload(exportQuery, request.query);
    const zone = await timeZone();
    // Every report but the debts is a period's; the period is checked before anything is read.
    const period = () => parsePayload(reportQuery, request.query);
    let sheets: ReportSheet[];
    if (report === 'takings') sheets = takingsSheets(await readTakingsReport(db, period(), zone));
    else if (report === 'margin') {
      const query = period();
      const tickets = await allPages((offset, limit) => readMarginTickets(db, query, zone, offset, limit));
      sheets = marginSheets(await readMarginReport(db, query, zone), tickets.rows, zone);
    } else if (report === 'unpaid') {
      const { rows, last } = await allPages((offset, limit) => readUnpaidReport(db, offset, limit));
      sheets = unpaidSheets({ ...last, items: rows }, zone);
    } else if (report === 'models') sheets = modelsSheets(await readModelsReport(db, period(), zone));
    else sheets = durationsSheets(await readDurationsReport(db, period(), zone));

    const name = csvFileName(`otchet-${EXPORT_FILE_NAMES[report]}`, zone, clock.now()).replace(/\.csv$/, '');
    return sendReportFile(reply, name, format, sheets);
  });
}
