import type { Kysely } from 'kysely';
import {
  stageSpanKey,
  type DurationRow,
  type DurationsReportDto,
  type ReportQuery,
} from '../../domain/reports';
import { daysInZone } from '../../domain/status-limits';
import {
  ALL_TICKET_STATUSES,
  isLegacyTicketStatus,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '../../domain/ticket-status';
import type { DB } from '../db/schema';

/**
 * Time in each status and stage (issue 53): the spans repairs left in the period, per status of
 * the pipeline and per stage of «В ремонте», with their average and longest. One index range per
 * key (stage_spans' primary key starts with it), as «Сводка» reads the same table.
 */
export async function readDurationsReport(
  db: Kysely<DB>,
  query: Pick<ReportQuery, 'from' | 'to'>,
  timeZone: string,
): Promise<DurationsReportDto> {
  const range = daysInZone(query.from, query.to, timeZone);
  const stages = await db.selectFrom('repair_stages').select(['id', 'name']).orderBy('id').execute();
  const measure = async (key: string, label: string): Promise<DurationRow> => {
    const row = await db
      .selectFrom('stage_spans')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.avg<string | number | null>('days').as('average'),
        eb.fn.max<string | number | null>('days').as('longest'),
      ])
      .where('status', '=', key)
      .where('left_at', '>=', range.from)
      .where('left_at', '<', range.to)
      .executeTakeFirstOrThrow();
    return {
      key,
      label,
      spans: Number(row.n),
      averageDays: Number(row.average ?? 0),
      longestDays: Number(row.longest ?? 0),
    };
  };
  const statuses = [];
  for (const status of ALL_TICKET_STATUSES)
    statuses.push(await measure(status, TICKET_STATUS_LABELS[status]));
  const stageRows = [];
  for (const stage of stages) stageRows.push(await measure(stageSpanKey(stage.id), stage.name));
  return {
    from: query.from,
    to: query.to,
    // A status of the old tool, or «Закрыта» (left only by reopening), shows only when left.
    statuses: statuses.filter(
      (row) => row.spans > 0 || !(row.key === 'closed' || isLegacyTicketStatus(row.key as TicketStatus)),
    ),
    stages: stageRows,
  };
}
