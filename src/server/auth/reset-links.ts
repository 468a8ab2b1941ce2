import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { hashSessionToken, newSessionToken } from './session-token';

/** How long a one-time link works. */
export const RESET_LINK_MS = 24 * 3_600_000;

export const RESET_FOR_DISABLED_MESSAGE =
  'Доступ сотрудника отключён: сначала включите его, потом выдайте ссылку для нового пароля';

/** Unused links of a person stop working (a newer one was made, or their access was switched off). */
export function deleteUnusedResets(db: Kysely<DB>, userId: number) {
  return db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export type ResetVia = 'admin' | 'shell' | 'email';

/**
 * A one-time link's token for this person (256 random bits; only its hash is stored),
 * valid RESET_LINK_MS. One an admin or the shell hands over replaces earlier unused
 * links; an e-mailed one never cancels those.
 */
export async function createResetToken(
  db: Kysely<DB>,
  now: Date,
  userId: number,
  via: ResetVia,
): Promise<{ token: string; expiresAt: string }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('not_found', 'Сотрудник не найден');
  if (user.disabled_at !== null) throw new AppError('conflict', RESET_FOR_DISABLED_MESSAGE);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    if (via !== 'email') await deleteUnusedResets(trx, userId);
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashSessionToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        via,
      })
      .execute();
  });
  return { token, expiresAt };
}
