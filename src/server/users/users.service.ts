import type { Transaction } from 'kysely';
import type { ProfileInput } from '../../domain/account-schemas';
import { OWNER, OWNER_ONLY_MESSAGE, type Role } from '../../domain/roles';
import type { UserDto, UserOptionDto } from '../../domain/users';
import { type Clock, isoNow } from '../clock';
import { lockUserRoles } from '../db/capabilities';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { renameCopies } from './rename-copies';
import { toUserDto } from './user-dto';
import {
  countActiveAdmins,
  findUserById,
  findUserForLogin,
  listActiveUserOptions,
  listUsers,
  updateUser,
} from './users.repository';

export const LAST_ADMIN_MESSAGE = 'Нельзя оставить систему без владельца';
export const OWN_ROLE_MESSAGE = 'Нельзя изменить собственную роль';
export const OWN_ACCESS_MESSAGE = 'Нельзя отключить собственную учётную запись';
export const EMPLOYEE_NOT_FOUND_MESSAGE = 'Сотрудник не найден';

/** The admin making a change, or null for the server's own command line (`npm run set-role`). */
type Actor = number | null;

interface Deps {
  database: Database;
  clock: Clock;
  /** Ends every session of a user, in the caller's transaction (auth/ provides it). */
  endSessionsOf: (trx: Transaction<DB>, userId: number) => Promise<unknown>;
  /** Cancels a person's unused password links, when their access is switched off (auth/ provides it). */
  dropResetLinksOf?: (trx: Transaction<DB>, userId: number) => Promise<unknown>;
}

export function createUsersService({ database, clock, endSessionsOf, dropResetLinksOf }: Deps) {
  const { db, dialect } = database;

  async function requireUser(id: number) {
    const row = await findUserById(db, id);
    if (!row) throw new AppError('not_found', EMPLOYEE_NOT_FOUND_MESSAGE);
    return row;
  }

  async function reload(id: number): Promise<UserDto> {
    return toUserDto(await requireUser(id));
  }

  /** Re-checked under the lock: the actor may have lost the role since the request began. */
  async function assertStillAdmin(trx: Transaction<DB>, actor: Actor) {
    if (actor === null) return;
    const row = await findUserById(trx, actor);
    if (!row || row.role !== OWNER || row.disabled_at !== null) {
      throw new AppError('forbidden', OWNER_ONLY_MESSAGE);
    }
  }

  return {
    async list(): Promise<UserDto[]> {
      return (await listUsers(db)).map(toUserDto);
    },

    /** Admins change others' roles; the change signs the user out everywhere (ASVS 7.4.3). */
    async changeRole(actor: Actor, targetId: number, role: Role): Promise<UserDto> {
      if (actor === targetId) throw new AppError('forbidden', OWN_ROLE_MESSAGE);
      await db.transaction().execute(async (trx) => {
        await lockUserRoles(trx, dialect);
        await assertStillAdmin(trx, actor);
        const target = await findUserById(trx, targetId);
        if (!target) throw new AppError('not_found', EMPLOYEE_NOT_FOUND_MESSAGE);
        if (target.role === role) return;
        const demotesActiveAdmin = target.role === OWNER && target.disabled_at === null;
        if (demotesActiveAdmin && (await countActiveAdmins(trx)) <= 1) {
          throw new AppError('conflict', LAST_ADMIN_MESSAGE);
        }
        await updateUser(trx, targetId, { role }, isoNow(clock));
        await endSessionsOf(trx, targetId);
      });
      return reload(targetId);
    },

    /** Disabling ends every session of that user at once; they cannot sign in until re-enabled. */
    async setDisabled(actor: Actor, targetId: number, disabled: boolean): Promise<UserDto> {
      if (actor === targetId) throw new AppError('forbidden', OWN_ACCESS_MESSAGE);
      await db.transaction().execute(async (trx) => {
        await lockUserRoles(trx, dialect);
        await assertStillAdmin(trx, actor);
        const target = await findUserById(trx, targetId);
        if (!target) throw new AppError('not_found', EMPLOYEE_NOT_FOUND_MESSAGE);
        if ((target.disabled_at !== null) === disabled) return;
        const now = isoNow(clock);
        if (disabled && target.role === OWNER && (await countActiveAdmins(trx)) <= 1) {
          throw new AppError('conflict', LAST_ADMIN_MESSAGE);
        }
        await updateUser(trx, targetId, { disabled_at: disabled ? now : null }, now);
        if (disabled) {
          await endSessionsOf(trx, targetId);
          // Switched on again later, a link they were sent before must not work.
          await dropResetLinksOf?.(trx, targetId);
        }
      });
      return reload(targetId);
    },

    /** Active staff for assignee pickers (any signed-in user may see names). */
    async options(): Promise<UserOptionDto[]> {
      return (await listActiveUserOptions(db)).map((u) => ({ id: u.id, displayName: u.display_name }));
    },

    async findIdByEmail(email: string): Promise<number | undefined> {
      return (await findUserForLogin(db, email.trim().toLowerCase()))?.id;
    },

    /** A new name reaches every ticket, task, history entry and file that shows it. */
    async updateProfile(
      userId: number,
      input: ProfileInput,
    ): Promise<{ user: UserDto; itemsRenamed: boolean }> {
      const itemsRenamed = await db.transaction().execute(async (trx) => {
        const before = await findUserById(trx, userId);
        if (!before) throw new AppError('not_found', EMPLOYEE_NOT_FOUND_MESSAGE);
        await updateUser(trx, userId, { display_name: input.displayName, phone: input.phone }, isoNow(clock));
        return before.display_name === input.displayName
          ? false
          : renameCopies(trx, userId, input.displayName);
      });
      return { user: await reload(userId), itemsRenamed };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
