import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ensureStatusToken } from './status-links';

/**
 * The status page's token of ticket `id` when the phone on it ends in `lastFour`; null otherwise,
 * for a ticket in the Корзина, or one without a phone — all alike, so a wrong guess learns nothing.
 */
export async function findTokenByPhone(db: Kysely<DB>, id: number, lastFour: string): Promise<string | null> {
  const ticket = await db
    .selectFrom('tickets')
    .select(['id', 'client_phone_digits'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ticket || ticket.client_phone_digits.length < 4 || !ticket.client_phone_digits.endsWith(lastFour)) {
    return null;
  }
  return ensureStatusToken(db, ticket.id);
}
