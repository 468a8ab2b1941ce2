import type { Kysely } from 'kysely';
import { historyPageQuery } from '../../domain/list-queries';
import { NOT_FOUND_MESSAGES, RECORD_KINDS } from '../../domain/records';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { RECORD_TABLES } from '../db/record-tables';
import { historyPage } from './history-reader';

/** Older pages of a card's history (the card itself comes with the newest page). */
export function registerHistoryRoutes({ staff }: RouteScopes, { db }: { db: Kysely<DB> }) {
  for (const kind of RECORD_KINDS) {
    const table = RECORD_TABLES[kind];
    staff.get<{ Params: { id: string } }>(`/api/${table}/:id/history`, async (request) => {
      const id = parseId(request.params.id, NOT_FOUND_MESSAGES[kind]);
      const { before } = parsePayload(historyPageQuery, request.query);
      const exists = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new AppError('not_found', NOT_FOUND_MESSAGES[kind]);
      return historyPage(db, kind, id, before);
    });
  }
}
