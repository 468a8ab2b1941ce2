import type { Kysely } from 'kysely';
import { pushEndpointInput, pushSubscriptionInput } from '../../domain/push-schemas';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { sessionOf, userOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parsePayload } from '../http/parse';
import { deleteSubscription, saveSubscription } from './push-subscriptions.repository';

/**
 * The browser's side of Web Push: the public key to subscribe with, and this device's
 * subscription, stored for the signed-in user and the session that sent it.
 */
export function registerPushRoutes(
  { staff }: RouteScopes,
  { db, clock, publicKey }: { db: Kysely<DB>; clock: Clock; publicKey: string },
) {
  staff.get('/api/push/public-key', async () => {
    return { publicKey };
  });

  staff.put('/api/push/subscription', async (request, reply) => {
    const session = sessionOf(request);
    const subscription = parsePayload(pushSubscriptionInput, request.body);
    await saveSubscription(
      db,
      {
        userId: session.user.id,
        sessionId: session.sessionId,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
        now: isoNow(clock),
      },
      subscription,
    );
    request.log.info({ userId: session.user.id }, 'push subscription saved');
    return reply.status(204).send();
  });

  staff.delete('/api/push/subscription', async (request, reply) => {
    const user = userOf(request);
    const { endpoint } = parsePayload(pushEndpointInput, request.body);
    await deleteSubscription(db, endpoint, user.id);
    return reply.status(204).send();
  });
}
