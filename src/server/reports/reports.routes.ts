import type { Kysely } from 'kysely';
import { reportQuery } from '../../domain/reports';
import type { DB } from '../db/schema';
import { parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { readTakingsReport } from './takings-report';

/** «Отчёты» (issue 53): for those allowed «Отчёты» (issue 52). */
export function registerReportsRoutes(
  { permitted }: RouteScopes,
  { db, timeZone }: { db: Kysely<DB>; timeZone: () => Promise<string> },
) {
  permitted('reports').get('/api/reports/takings', async (request) => ({
    report: await readTakingsReport(db, parsePayload(reportQuery, request.query), await timeZone()),
  }));
}
