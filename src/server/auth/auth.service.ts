import type { FastifyBaseLogger } from 'fastify';
import type { LoginInput, RegisterInput } from '../../domain/account-schemas';
import type { Role } from '../../domain/roles';
import type { UserDto } from '../../domain/users';
import { type Clock, isoNow } from '../clock';
import { lockUserRoles } from '../db/capabilities';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { InviteCodeService } from '../settings/invite-code';
import { toUserDto } from '../users/user-dto';
import {
  countUsers,
  emailTaken,
  findUserById,
  findUserForLogin,
  insertUser,
} from '../users/users.repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { checkNewPassword } from './password-policy';
import type { SessionService } from './sessions.service';

export const LOGIN_FAILED_MESSAGE = 'Неверный e-mail или пароль';
export const INVITE_CODE_WRONG_MESSAGE = 'Неверный код приглашения';
export const EMAIL_TAKEN_MESSAGE = 'Сотрудник с таким e-mail уже зарегистрирован';
export const ACCOUNT_DISABLED_MESSAGE = 'Доступ отключён владельцем';

interface Deps {
  database: Database;
  clock: Clock;
  sessions: SessionService;
  inviteCode: InviteCodeService;
  log: FastifyBaseLogger;
}

export function createAuthService({ database, clock, sessions, inviteCode, log }: Deps) {
  const { db, dialect } = database;

  return {
    async noAccountYet(): Promise<boolean> {
      return (await countUsers(db)) === 0;
    },

    /** Creates the account and signs it in. The very first account becomes admin. */
    async register(input: RegisterInput): Promise<{ user: UserDto; token: string }> {
      if (!(await inviteCode.matches(input.inviteCode))) {
        throw new AppError('bad_request', INVITE_CODE_WRONG_MESSAGE);
      }
      checkNewPassword(input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      const emailLower = input.email.toLowerCase();
      const userId = await db.transaction().execute(async (trx) => {
        await lockUserRoles(trx, dialect);
        if (await emailTaken(trx, emailLower)) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
        const role: Role = (await countUsers(trx)) === 0 ? 'admin' : 'employee';
        return insertUser(trx, {
          email: input.email,
          displayName: input.displayName,
          role,
          passwordHash,
          now: isoNow(clock),
        });
      });
      const user = await findUserById(db, userId);
      if (!user) throw new Error(`user ${userId} vanished right after registration`);
      log.info({ userId, role: user.role }, 'account registered');
      return { user: toUserDto(user), token: await sessions.start(userId) };
    },

    /** Same answer for an unknown e-mail and a wrong password, in about the same time. */
    async login(input: LoginInput): Promise<{ user: UserDto; token: string }> {
      const row = await findUserForLogin(db, input.email.toLowerCase());
      const passwordOk = row
        ? await verifyPassword(row.password_hash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!row || !passwordOk) throw new AppError('unauthorized', LOGIN_FAILED_MESSAGE);
      if (row.disabled_at !== null) throw new AppError('forbidden', ACCOUNT_DISABLED_MESSAGE);
      await sessions.purgeExpired();
      return { user: toUserDto(row), token: await sessions.start(row.id) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
