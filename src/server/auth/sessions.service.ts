import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { permissionsOf } from '../users/role-permissions';
import { toUserDto } from '../users/user-dto';
import type { CurrentSession } from '../http/current-user';
import { hashSessionToken, newSessionToken } from './session-token';
import {
  deleteExpiredSessions,
  deleteSessionById,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repository';

export interface SessionLifetimes {
  idleMs: number;
  maxMs: number;
}

// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionHooks {
  /** Runs in the logout's transaction before the session goes (push/ forgets the device). */
  beforeEnd?: (trx: Kysely<DB>, sessionId: number) => Promise<unknown>;
}

export function createSessionService(
  db: Kysely<DB>,
  clock: Clock,
  lifetimes: SessionLifetimes,
  hooks: SessionHooks = {},
) {
  return {
    /** Starts a new session (a new token at every login, ASVS 7.2.4). Returns the cookie token. */
    async start(userId: number): Promise<string> {
      const now = clock.now();
      const token = newSessionToken();
      await insertSession(db, {
        tokenHash: hashSessionToken(token),
        userId,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + lifetimes.maxMs).toISOString(),
      });
      return token;
    },

    /** The signed-in user for this token, or null when it is unknown, expired, idle or disabled. */
    async resolve(token: string): Promise<CurrentSession | null> {
      const row = await findSessionWithUser(db, hashSessionToken(token));
      if (!row) return null;
      const now = clock.now();
      const lastSeen = new Date(row.last_seen_at).getTime();
      const expired =
        new Date(row.expires_at).getTime() <= now.getTime() ||
        lastSeen + lifetimes.idleMs <= now.getTime() ||
        row.disabled_at !== null;
      if (expired) {
        await deleteSessionById(db, row.session_id);
        return null;
      }
      if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
        await touchSession(db, row.session_id, now.toISOString());
      }
      const user = toUserDto(row);
      return { sessionId: row.session_id, user, permissions: await permissionsOf(db, user.role) };
    },

    /** Logout: the session goes, and with it what hangs on it (this device's push subscription). */
    end(sessionId: number) {
      return db.transaction().execute(async (trx) => {
        await hooks.beforeEnd?.(trx, sessionId);
        await deleteSessionById(trx, sessionId);
      });
    },

    /**
     * Every session of a user but `except` (the one asking, when changing their own
     * password), each with what hangs on it, in the caller's transaction.
     */
    async endAllOf(trx: Kysely<DB>, userId: number, except?: number) {
      let query = trx.selectFrom('sessions').select('id').where('user_id', '=', userId);
      if (except !== undefined) query = query.where('id', '!=', except);
      for (const { id } of await query.execute()) {
        await hooks.beforeEnd?.(trx, id);
        await deleteSessionById(trx, id);
      }
    },

    purgeExpired() {
      const now = clock.now();
      return deleteExpiredSessions(
        db,
        now.toISOString(),
        new Date(now.getTime() - lifetimes.idleMs).toISOString(),
      );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
