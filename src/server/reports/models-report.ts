import { sql, type Kysely } from 'kysely';
import { MODELS_LISTED, type ModelsReportDto, type ReportQuery } from '../../domain/reports';
import { daysInZone } from '../../domain/status-limits';
import type { DB } from '../db/schema';

type Sum = string | number | null;

/**
 * Repairs by device model (issue 53): the repairs taken in over a period, grouped by the device
 * as typed, case and outer spaces aside, the most frequent first. The name shown is the spelling
 * of the group's first repair: the databases' collations would pick different ones with `min`.
 */
export async function readModelsReport(
  db: Kysely<DB>,
  query: Pick<ReportQuery, 'from' | 'to'>,
  timeZone: string,
  limit = MODELS_LISTED,
): Promise<ModelsReportDto> {
  const range = daysInZone(query.from, query.to, timeZone);
  const taken = db
    .selectFrom('tickets')
    .where('tickets.created_at', '>=', range.from)
    .where('tickets.created_at', '<', range.to)
    .where('tickets.deleted_at', 'is', null);
  const model = sql<string>`lower(trim(tickets.device))`;
  const [counts, models] = await Promise.all([
    taken
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        sql<Sum>`sum(case when trim(tickets.device) = '' then 1 else 0 end)`.as('blank'),
      ])
      .executeTakeFirstOrThrow(),
    taken
      .select((eb) => [
        eb.fn.min('tickets.id').as('first_id'),
        eb.fn.countAll<string | number>().as('repairs'),
        eb.fn.sum<Sum>('tickets.lines_total').as('total'),
      ])
      .where(sql<string>`trim(tickets.device)`, '<>', '')
      .groupBy(model)
      .orderBy('repairs', 'desc')
      .orderBy(model)
      .limit(limit)
      .execute(),
  ]);
  const firstIds = models.map((row) => row.first_id);
  const spellings = new Map(
    firstIds.length === 0
      ? []
      : (await db.selectFrom('tickets').select(['id', 'device']).where('id', 'in', firstIds).execute()).map(
          (row) => [row.id, row.device.trim()],
        ),
  );
  return {
    from: query.from,
    to: query.to,
    repairs: Number(counts.n),
    withoutModel: Number(counts.blank ?? 0),
    models: models.map((row) => ({
      model: spellings.get(row.first_id) ?? '',
      repairs: Number(row.repairs),
      total: Number(row.total ?? 0),
    })),
  };
}
