import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { noticesFor, type Notice, type WorkChange } from '../../domain/push-notices';
import type { PushMessage } from '../../domain/push-message';
import type { DB } from '../db/schema';
import { createPushRetries } from './push-retries';
import type { SendPush } from './push-sender';
import { deleteSubscription, subscriptionsOf } from './push-subscriptions.repository';

/** Waits before the 2nd, 3rd and 4th try of a message a push service could not take (kept as jobs). */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

export interface DeliveryReport {
  /** Endpoints the push service accepted the message for. */
  delivered: string[];
  /** Endpoints to try again later (no answer, 429, 5xx, or the server was shutting down). */
  retry: string[];
}

export interface PushNotifier {
  /**
   * Tells the people a committed change concerns, leaving out its author. Returns at
   * once: delivery runs in the background and never fails the request that caused it.
   */
  notify(change: WorkChange, authorId: number): void;
  /**
   * One try of one message to every browser of a person but those in `except` (reminders:
   * their job retries later, so a push service that is down holds no lease for minutes).
   * Says which browsers took it and which are worth another try.
   */
  deliverTo(
    userId: number,
    message: PushMessage,
    options: { urgent: boolean; except?: readonly string[] },
  ): Promise<DeliveryReport>;
  /** Resolves when every delivery started so far, retries included, has finished (tests). */
  idle(): Promise<void>;
  /** Waits for sends in flight; tries not yet due stay in the database for the next start. */
  close(): Promise<void>;
}

interface Deps {
  db: Kysely<DB>;
  send: SendPush;
  log: FastifyBaseLogger;
  appName: string;
  retryDelaysMs?: readonly number[];
}

/** The push service's address without the subscription's secret path, for logs. */
const serviceOf = (endpoint: string) => new URL(endpoint).origin;

export function createPushNotifier({
  db,
  send,
  log,
  appName,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
}: Deps): PushNotifier {
  const inFlight = new Set<Promise<void>>();
  const retries = createPushRetries({ db, send, log, delaysMs: retryDelaysMs });
  let closed = false;

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function deliverNotice(notice: Notice, authorId: number) {
    const recipients = await subscriptionsOf(db, notice.to, authorId);
    const message: PushMessage = { title: appName, body: notice.body, url: notice.url, tag: notice.tag };
    await Promise.all(
      recipients.map((subscription) => retries.attempt(subscription, message, notice.urgent, 0)),
    );
  }

  return {
    notify(change, authorId) {
      if (closed) return;
      for (const notice of noticesFor(change)) {
        track(
          deliverNotice(notice, authorId).catch((error: unknown) => {
            log.error({ err: error, tag: notice.tag }, 'push delivery failed');
          }),
        );
      }
    },

    async deliverTo(userId, message, { urgent, except = [] }) {
      const recipients = (await subscriptionsOf(db, userId, null)).filter(
        (subscription) => !except.includes(subscription.endpoint),
      );
      const report: DeliveryReport = { delivered: [], retry: [] };
      if (closed) return { delivered: [], retry: recipients.map((subscription) => subscription.endpoint) };
      const work = Promise.all(
        recipients.map(async (subscription) => {
          const result = await send(subscription, message, { urgent });
          const context = { userId, service: serviceOf(subscription.endpoint), tag: message.tag };
          if (result.outcome === 'sent') report.delivered.push(subscription.endpoint);
          else if (result.outcome === 'retry') {
            report.retry.push(subscription.endpoint);
            log.info({ ...context, status: result.status, err: result.error }, 'push failed, job will retry');
          } else if (result.outcome === 'gone') {
            await deleteSubscription(db, subscription.endpoint);
            log.info({ ...context, status: result.status }, 'push subscription gone');
          } else {
            log.warn({ ...context, status: result.status, err: result.error }, 'push not delivered');
          }
        }),
      );
      track(work.then(() => undefined).catch(() => undefined));
      await work;
      return report;
    },

    async idle() {
      for (;;) {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        const next = await retries.nextIn();
        if (next === null) return;
        await new Promise((resolve) => setTimeout(resolve, next));
        await retries.tick();
      }
    },

    async close() {
      closed = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await retries.stop();
    },
  };
}
