import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { hashSessionToken, newSessionToken } from './session-token';

/** How long a one-time link works. */
export const RESET_LINK_MS = 24 * 3_600_000;

/**
 * A one-time link's token for this person (256 random bits; only its hash is stored),
 * valid RESET_LINK_MS; any earlier unused link of theirs stops working.
 */
export async function createResetToken(
  db: Kysely<DB>,
  now: Date,
  userId: number,
): Promise<{ token: string; expiresAt: string }> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('not_found', 'Сотрудник не найден');
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashSessionToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
  });
  return { token, expiresAt };
}
