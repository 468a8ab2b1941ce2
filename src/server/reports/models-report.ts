import { sql, type Kysely } from 'kysely';
import { MODELS_LISTED, type ModelsReportDto, type ReportQuery } from '../../domain/reports';
import { daysInZone } from '../../domain/status-limits';
import type { DB } from '../db/schema';

type Sum = string | number | null;

/**
 * Repairs by device model (issue 53): the repairs taken in over a period, grouped by the device
 * as typed, case and outer spaces aside, the most frequent first. The database groups exact
 * spellings; their cases are merged here, since SQLite's lower() folds only Latin letters. The
 * name shown is the spelling of the group's first repair.
 */
export async function readModelsReport(
  db: Kysely<DB>,
  query: Pick<ReportQuery, 'from' | 'to'>,
  timeZone: string,
  limit = MODELS_LISTED,
): Promise<ModelsReportDto> {
  const range = daysInZone(query.from, query.to, timeZone);
  const spelled = sql<string>`trim(tickets.device)`;
  const spellings = await db
    .selectFrom('tickets')
    .select((eb) => [
      spelled.as('model'),
      eb.fn.min('tickets.id').as('first_id'),
      eb.fn.countAll<string | number>().as('repairs'),
      eb.fn.sum<Sum>('tickets.lines_total').as('total'),
    ])
    .where('tickets.created_at', '>=', range.from)
    .where('tickets.created_at', '<', range.to)
    .where('tickets.deleted_at', 'is', null)
    .groupBy(spelled)
    .execute();

  let repairs = 0;
  let withoutModel = 0;
  const groups = new Map<string, { model: string; firstId: number; repairs: number; total: number }>();
  for (const row of spellings) {
    const count = Number(row.repairs);
    repairs += count;
    if (row.model === '') {
      withoutModel += count;
      continue;
    }
    const key = row.model.toLocaleLowerCase('ru-RU');
    const group = groups.get(key) ?? { model: row.model, firstId: row.first_id, repairs: 0, total: 0 };
    if (row.first_id < group.firstId) Object.assign(group, { model: row.model, firstId: row.first_id });
    group.repairs += count;
    group.total += Number(row.total ?? 0);
    groups.set(key, group);
  }
  const models = [...groups.values()]
    .sort((a, b) => b.repairs - a.repairs || a.firstId - b.firstId)
    .slice(0, limit)
    .map(({ model, repairs: n, total }) => ({ model, repairs: n, total }));
  return { from: query.from, to: query.to, repairs, withoutModel, models };
}
