import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newStatusToken } from './status-token';

/**
 * The ticket's token, made now if it has none yet (tickets from before migration 0011 get
 * theirs the first time they are read). Two readers at once agree: only a null is replaced.
 */
export async function ensureStatusToken(db: Kysely<DB>, id: number): Promise<string> {
  await db
    .updateTable('tickets')
    .set({ status_token: newStatusToken() })
    .where('id', '=', id)
    .where('status_token', 'is', null)
    .execute();
  const row = await db.selectFrom('tickets').select('status_token').where('id', '=', id).executeTakeFirst();
  return row?.status_token ?? '';
}

/** A new token for the ticket: the old link stops working at once. */
export async function replaceStatusToken(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('tickets').set({ status_token: newStatusToken() }).where('id', '=', id).execute();
}
