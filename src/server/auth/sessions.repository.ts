import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function insertSession(
  db: Kysely<DB>,
  row: { tokenHash: string; userId: number; now: string; expiresAt: string },
) {
  return db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

export function findSessionWithUser(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.display_name',
      'users.phone',
      'users.role',
      'users.disabled_at',
      'users.created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function touchSession(db: Kysely<DB>, sessionId: number, now: string) {
  return db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export function deleteSessionById(db: Kysely<DB>, sessionId: number) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function deleteSessionsOfUser(db: Kysely<DB>, userId: number) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export function deleteExpiredSessions(db: Kysely<DB>, now: string, idleCutoff: string) {
  return db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}
