import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DB, TicketHistoryTable, TicketsTable } from '../db/schema';
import { containsPattern, olderThan, type CreatedCursor } from '../db/paging';

export type TicketRow = Selectable<TicketsTable> & {
  client_phone: string | null;
  client_whatsapp_url: string | null;
};
export type HistoryRow = Selectable<TicketHistoryTable>;

function ticketsWithClient(db: Kysely<DB>) {
  return db
    .selectFrom('tickets')
    .leftJoin('clients', 'clients.id', 'tickets.client_id')
    .selectAll('tickets')
    .select(['clients.phone as client_phone', 'clients.whatsapp_url as client_whatsapp_url']);
}

export function findTicket(db: Kysely<DB>, id: number): Promise<TicketRow | undefined> {
  return ticketsWithClient(db).where('tickets.id', '=', id).executeTakeFirst();
}

export async function insertTicket(db: Kysely<DB>, row: Insertable<TicketsTable>): Promise<number> {
  const inserted = await db.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteTicket(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tickets').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function insertHistory(db: Kysely<DB>, rows: Insertable<TicketHistoryTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('ticket_history').values(rows).execute();
}

export function listHistory(db: Kysely<DB>, ticketId: number) {
  return db
    .selectFrom('ticket_history')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id', 'desc')
    .execute();
}

export interface TicketListFilter {
  text?: string;
  number?: number;
  status?: string;
  clientId?: number;
}

export function listTickets(
  db: Kysely<DB>,
  filter: TicketListFilter,
  after: CreatedCursor | undefined,
  limit: number,
): Promise<TicketRow[]> {
  let query = ticketsWithClient(db);
  if (filter.status) query = query.where('tickets.status', '=', filter.status);
  if (filter.clientId !== undefined) query = query.where('tickets.client_id', '=', filter.clientId);
  if (filter.text !== undefined) {
    const pattern = containsPattern(filter.text);
    const matchesText = sql<boolean>`tickets.search_text like ${pattern} escape '\\'`;
    query =
      filter.number === undefined
        ? query.where(matchesText)
        : query.where((eb) => eb.or([eb('tickets.id', '=', filter.number as number), matchesText]));
  }
  if (after) query = query.where(olderThan(after, 'tickets'));
  return query
    .orderBy('tickets.created_at', 'desc')
    .orderBy('tickets.id', 'desc')
    .limit(limit + 1)
    .execute();
}
