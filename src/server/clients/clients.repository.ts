import { notInTrash } from '../db/not-in-trash';
import type { Kysely, Selectable } from 'kysely';
import { readNewestFirst, searchCondition, type SearchPlan } from '../search';
import type { ClientsTable, DB } from '../db/schema';
import { olderThan, type CreatedCursor } from '../db/paging';

export type ClientRow = Selectable<ClientsTable>;

export type ClientColumns = Pick<
  ClientsTable,
  'full_name' | 'phone' | 'warranty' | 'address' | 'comment' | 'search_name' | 'phone_digits'
> & { phone_key: string; email: string; message_pref: string };

export function findClient(db: Kysely<DB>, id: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertClient(
  db: Kysely<DB>,
  row: ClientColumns & { created_by: number | null; created_at: string },
): Promise<number> {
  const inserted = await db
    .insertInto('clients')
    .values({ ...row, whatsapp_url: null, updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Clients in the directory (not the Корзина) whose phone is this number, however typed. */
export function clientsWithPhoneKey(db: Kysely<DB>, phoneKey: string, limit: number) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('phone_key', '=', phoneKey)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many live tickets and tasks point at a client (said before it is deleted). */
export async function countClientItems(db: Kysely<DB>, clientId: number) {
  const count = (table: 'tickets' | 'tasks') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [tickets, tasks] = await Promise.all([count('tickets'), count('tasks')]);
  return { tickets, tasks };
}

/** Newest first, keyset-paged; `limit + 1` rows so the caller can tell whether more follow. */
export function listClients(
  db: Kysely<DB>,
  searchPlan: SearchPlan,
  after: CreatedCursor | undefined,
  limit: number,
) {
  return readNewestFirst(searchPlan, limit + 1, 'clients', (plan) => {
    let query = db.selectFrom('clients').selectAll().where(notInTrash());
    const searched = searchCondition(plan);
    if (searched) query = query.where(searched);
    return after ? query.where(olderThan(after)) : query;
  });
}
