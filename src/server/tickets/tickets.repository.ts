import { notInTrash } from '../db/not-in-trash';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, TicketsTable } from '../db/schema';
import { olderThan, type CreatedCursor } from '../db/paging';
import { readNewestFirst, searchCondition, type SearchPlan } from '../search';

export type TicketRow = Selectable<TicketsTable> & {
  client_phone: string | null;
  client_whatsapp_url: string | null;
  client_deleted_at: string | null;
};

function ticketsWithClient(db: Kysely<DB>) {
  return db
    .selectFrom('tickets')
    .leftJoin('clients', 'clients.id', 'tickets.client_id')
    .selectAll('tickets')
    .select([
      'clients.phone as client_phone',
      'clients.whatsapp_url as client_whatsapp_url',
      'clients.deleted_at as client_deleted_at',
    ]);
}

export function findTicket(db: Kysely<DB>, id: number): Promise<TicketRow | undefined> {
  return ticketsWithClient(db).where('tickets.id', '=', id).executeTakeFirst();
}

export async function insertTicket(db: Kysely<DB>, row: Insertable<TicketsTable>): Promise<number> {
  const inserted = await db.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export interface TicketListFilter {
  /** The search and how it is answered (src/server/search). */
  searchPlan: SearchPlan;
  status?: string;
  clientId?: number;
}

export function listTickets(
  db: Kysely<DB>,
  filter: TicketListFilter,
  after: CreatedCursor | undefined,
  limit: number,
): Promise<TicketRow[]> {
  return readNewestFirst(filter.searchPlan, limit + 1, 'tickets', (plan) => {
    let query = ticketsWithClient(db).where(notInTrash('tickets.deleted_at'));
    if (filter.status) query = query.where('tickets.status', '=', filter.status);
    if (filter.clientId !== undefined) query = query.where('tickets.client_id', '=', filter.clientId);
    const searched = searchCondition(plan, 'tickets');
    if (searched) query = query.where(searched);
    return after ? query.where(olderThan(after, 'tickets')) : query;
  });
}

/** Which of these (legacy) statuses some live ticket still has: one index lookup each. */
export async function statusesInUse(db: Kysely<DB>, statuses: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    statuses.map((status) =>
      db
        .selectFrom('tickets')
        .select('id')
        .where('status', '=', status)
        .where('deleted_at', 'is', null)
        .limit(1)
        .executeTakeFirst()
        .then((row) => (row ? status : null)),
    ),
  );
  return found.filter((status): status is string => status !== null);
}
