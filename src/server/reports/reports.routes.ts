import type { Kysely } from 'kysely';
import { z } from 'zod';
import { reportFileFormat, reportPageQuery, reportQuery } from '../../domain/reports';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { datedFileStem } from '../export/csv-download';
import { parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { readDurationsReport } from './durations-report';
import { marginTicketPages, readMarginReport, readMarginTickets } from './margin-report';
import { readModelsReport } from './models-report';
import { sendReportFile, streamedCsv, XLSX_MAX_ROWS, xlsxCutNote } from './report-files';
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
  format: reportFileFormat,
});

/** A list sheet cut for a workbook says so in its last row. */
function withCutNote(sheets: ReportSheet[], shown: number, total: number): ReportSheet[] {
  if (shown >= total) return sheets;
  const last = sheets.at(-1)!;
  return [...sheets.slice(0, -1), { ...last, rows: [...last.rows, [xlsxCutNote(shown, total)]] }];
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
    let csvStream: AsyncGenerator<string> | undefined;
    if (report === 'takings') sheets = takingsSheets(await readTakingsReport(db, period(), zone));
    else if (report === 'margin') {
      const query = period();
      const summary = await readMarginReport(db, query, zone);
      if (format === 'csv') {
        sheets = marginSheets(summary, [], zone);
        const rows = async function* () {
          for await (const page of marginTicketPages(db, query, zone))
            yield marginSheets(summary, page, zone).at(-1)!.rows;
        };
        csvStream = streamedCsv(sheets, rows());
      } else {
        const page = await readMarginTickets(db, query, zone, 0, XLSX_MAX_ROWS);
        sheets = withCutNote(marginSheets(summary, page.items, zone), page.items.length, page.total);
      }
    } else if (report === 'unpaid') {
      // The whole list in one read; its total is summed from the very rows the file holds.
      const { items } = await readUnpaidReport(db, 0, Number.MAX_SAFE_INTEGER);
      const due = items.reduce((sum, row) => sum + row.due, 0);
      const shown = format === 'xlsx' ? items.slice(0, XLSX_MAX_ROWS) : items;
      sheets = withCutNote(
        unpaidSheets({ items: shown, total: items.length, offset: 0, due }, zone),
        shown.length,
        items.length,
      );
    } else if (report === 'models') sheets = modelsSheets(await readModelsReport(db, period(), zone));
    else sheets = durationsSheets(await readDurationsReport(db, period(), zone));

    const name = datedFileStem(`otchet-${EXPORT_FILE_NAMES[report]}`, zone, clock.now());
    return sendReportFile(reply, name, format, sheets, csvStream);
  });
}
