import type { Kysely } from 'kysely';
import { type Clock, isoNow } from '../clock';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { hashPassword, verifyPassword } from './password';
import { checkNewPassword } from './password-policy';
import { createResetToken } from './reset-links';
import { hashSessionToken } from './session-token';
import type { SessionService } from './sessions.service';

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Текущий пароль введён неверно';
export const SAME_PASSWORD_MESSAGE = 'Новый пароль совпадает с текущим';
export const RESET_LINK_INVALID_MESSAGE =
  'Ссылка для смены пароля недействительна: она уже использована или устарела. Запросите новую («Забыли пароль?») или попросите владельца';
export const USER_GONE_MESSAGE = 'Сотрудник не найден';

function userWithPassword(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Changing one's own password, and one-time links to set a new one. */
export function createPasswordsService({
  database,
  clock,
  sessions,
}: {
  database: Database;
  clock: Clock;
  sessions: Pick<SessionService, 'endAllOf'>;
}) {
  const { db } = database;

  // The hash is made before the transaction: argon2 takes a while, and on SQLite a
  // transaction holds the one connection everyone shares.
  async function setPassword(trx: Kysely<DB>, userId: number, passwordHash: string, now: string) {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  return {
    /** The current password proves it is you; your other sessions end, this one stays. */
    async change(userId: number, sessionId: number, current: string, next: string): Promise<void> {
      const user = await userWithPassword(db, userId);
      if (!user) throw new AppError('not_found', USER_GONE_MESSAGE);
      if (!(await verifyPassword(user.password_hash, current))) {
        throw new AppError('bad_request', CURRENT_PASSWORD_WRONG_MESSAGE);
      }
      if (current === next) throw new AppError('bad_request', SAME_PASSWORD_MESSAGE);
      checkNewPassword(next, user.email);
      const passwordHash = await hashPassword(next);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, userId, passwordHash, isoNow(clock));
        await sessions.endAllOf(trx, userId, sessionId);
      });
    },

    /** A one-time link's token an admin hands over (see reset-links.ts); it replaces older ones. */
    createResetToken: (userId: number) => createResetToken(db, clock.now(), userId, 'admin'),

    /**
     * Sets the password from a link: once, within its time; every session of the
     * person ends. A link used twice at once works once (the second finds it used).
     */
    async resetWithToken(token: string, password: string): Promise<number> {
      const now = isoNow(clock);
      const link = await db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['password_resets.id', 'password_resets.user_id', 'users.email'])
        .where('password_resets.token_hash', '=', hashSessionToken(token))
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', now)
        // Switched off meanwhile: the link is dead too.
        .where('users.disabled_at', 'is', null)
        .executeTakeFirst();
      if (!link) throw new AppError('bad_request', RESET_LINK_INVALID_MESSAGE);
      checkNewPassword(password, link.email);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', link.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 0) throw new AppError('bad_request', RESET_LINK_INVALID_MESSAGE);
        await setPassword(trx, link.user_id, passwordHash, now);
        await sessions.endAllOf(trx, link.user_id);
      });
      return link.user_id;
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
