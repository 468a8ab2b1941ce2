import type { Kysely } from 'kysely';
import type { PushSubscriptionInput } from '../../domain/push-schemas';
import type { DB } from '../db/schema';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number;
}

/** One row per endpoint: a browser re-registering, or another user on the same device, takes it over. */
export function saveSubscription(
  db: Kysely<DB>,
  row: { userId: number; sessionId: number; userAgent: string; now: string },
  subscription: PushSubscriptionInput,
) {
  const values = {
    user_id: row.userId,
    session_id: row.sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    user_agent: row.userAgent,
    updated_at: row.now,
  };
  return db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: subscription.endpoint, created_at: row.now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .execute();
}

export function deleteSubscription(db: Kysely<DB>, endpoint: string, userId?: number) {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.execute();
}

export function deleteSessionSubscriptions(db: Kysely<DB>, sessionId: number) {
  return db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/** The subscriptions of active accounts in the audience, leaving out one user (the author). */
export function subscriptionsOf(
  db: Kysely<DB>,
  audience: number | 'admins',
  exceptUserId: number | null,
): Promise<StoredSubscription[]> {
  let query = db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select([
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
      'push_subscriptions.user_id',
    ])
    .where('users.disabled_at', 'is', null);
  query =
    audience === 'admins' ? query.where('users.role', '=', 'admin') : query.where('users.id', '=', audience);
  if (exceptUserId !== null) query = query.where('users.id', '!=', exceptUserId);
  return query.orderBy('push_subscriptions.id').execute();
}
