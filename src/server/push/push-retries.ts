import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PushMessage } from '../../domain/push-message';
import { isoNow, systemClock, type Clock } from '../clock';
import type { DB } from '../db/schema';
import { addJobs, claimDueJobs, completeJob, deleteDoneBefore } from '../jobs/job-store';
import type { SendPush } from './push-sender';
import { deleteSubscription, type StoredSubscription } from './push-subscriptions.repository';

/** The job kind of a push waiting for its next try (docs/decisions/016-jobs-with-leases.md). */
export const PUSH_RETRY = 'push-retry';

/** Instances look for retries other instances left (one that stopped) this often. */
const SWEEP_MS = 30_000;
const LEASE_MS = 60_000;
const CLAIM_BATCH = 50;

interface RetryPayload {
  endpoint: string;
  message: PushMessage;
  urgent: boolean;
  /** Tries made so far. */
  tries: number;
  /** When the first try was made: a push older than STALE_AFTER_MS is no longer news. */
  firstTriedAt: string;
}

/** A notice an hour old (a push service down all night) would only confuse: it is dropped. */
export const STALE_AFTER_MS = 3_600_000;

export interface PushRetries {
  /**
   * One try of a push after `triesBefore` others: sent; the subscription dropped if the service
   * says it is gone; a later try kept if worth one; says which of these happened.
   */
  attempt(
    subscription: StoredSubscription,
    message: PushMessage,
    urgent: boolean,
    triesBefore: number,
    firstTriedAt?: string,
  ): Promise<'sent' | 'gone' | 'tried again later' | 'not delivered'>;
  /**
   * Keeps a push for another try after `delays[tries - 1]` (or the service's Retry-After, if
   * longer); false when it has had every try it gets.
   */
  schedule(
    subscription: StoredSubscription,
    message: PushMessage,
    urgent: boolean,
    tries: number,
    retryAfterMs?: number,
    firstTriedAt?: string,
  ): Promise<boolean>;
  /** Makes every due try (any instance's). */
  tick(): Promise<void>;
  /** Milliseconds until the next try waiting, 0 if one is due; null when none waits. */
  nextIn(): Promise<number | null>;
  /**
   * Stops the timers and waits for a round under way; tries not made stay in the database for
   * whichever instance runs next (one scheduled meanwhile too).
   */
  stop(): Promise<void>;
}

/**
 * Pushes a push service could not take, kept as jobs in the database (issue 23): a restart or
 * another instance makes the next try, and a lease makes sure only one instance does. The
 * instance that scheduled a try wakes for it; every instance also sweeps for ones left behind.
 */
export function createPushRetries({
  db,
  send,
  log,
  delaysMs,
  owner = `push-${randomUUID()}`,
  // Real time always: tries are woken by timers, which a test's stopped clock would never reach.
  clock = systemClock,
}: {
  db: Kysely<DB>;
  send: SendPush;
  log: FastifyBaseLogger;
  delaysMs: readonly number[];
  owner?: string;
  clock?: Clock;
}): PushRetries {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let running: Promise<void> | undefined;

  function wakeIn(ms: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      retries.tick().catch((error: unknown) => log.error({ err: error }, 'push retry tick failed'));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function runOne(key: string, payload: RetryPayload) {
    const nowIso = () => isoNow(clock);
    const subscription = await db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth', 'user_id'])
      .where('endpoint', '=', payload.endpoint)
      .executeTakeFirst();
    if (!subscription) {
      await completeJob(db, key, owner, nowIso(), 'subscription gone');
      return;
    }
    const service = new URL(subscription.endpoint).origin;
    const context = { userId: subscription.user_id, service, tag: payload.message.tag };
    if (clock.now().getTime() - Date.parse(payload.firstTriedAt) > STALE_AFTER_MS) {
      log.warn({ ...context, attempts: payload.tries }, 'push not delivered (no longer news)');
      await completeJob(db, key, owner, nowIso(), 'too late');
      return;
    }
    await completeJob(
      db,
      key,
      owner,
      nowIso(),
      await retries.attempt(
        subscription,
        payload.message,
        payload.urgent,
        payload.tries,
        payload.firstTriedAt,
      ),
    );
  }

  async function tickOnce() {
    while (!stopped) {
      const now = clock.now();
      const jobs = await claimDueJobs(db, {
        owner,
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        limit: CLAIM_BATCH,
        kinds: [PUSH_RETRY],
      });
      if (jobs.length === 0) return;
      await Promise.all(
        jobs.map((job) =>
          runOne(job.key, job.payload as RetryPayload).catch((error: unknown) =>
            log.error({ err: error, job: job.key }, 'push retry failed'),
          ),
        ),
      );
    }
  }

  const retries: PushRetries = {
    async attempt(subscription, message, urgent, triesBefore, firstTriedAt) {
      const context = {
        userId: subscription.user_id,
        service: new URL(subscription.endpoint).origin,
        tag: message.tag,
      };
      const result = await send(subscription, message, { urgent });
      const tries = triesBefore + 1;
      if (result.outcome === 'sent') {
        log.debug({ ...context, tries }, 'push sent');
        return 'sent';
      }
      if (result.outcome === 'gone') {
        await deleteSubscription(db, subscription.endpoint);
        log.info({ ...context, status: result.status }, 'push subscription gone');
        return 'gone';
      }
      const failure = { ...context, status: result.status, err: result.error };
      // Kept for the next try even while shutting down: another instance, or the next start, makes it.
      if (
        result.outcome === 'retry' &&
        (await retries.schedule(subscription, message, urgent, tries, result.retryAfterMs, firstTriedAt))
      ) {
        log.info({ ...failure, attempt: tries }, 'push failed, will retry');
        return 'tried again later';
      }
      log.warn({ ...failure, attempts: tries }, 'push not delivered');
      return 'not delivered';
    },

    async schedule(subscription, message, urgent, tries, retryAfterMs, firstTriedAt) {
      const delay = delaysMs[tries - 1];
      if (delay === undefined) return false;
      const wait = Math.max(delay, retryAfterMs ?? 0);
      const now = clock.now();
      const payload: RetryPayload = {
        endpoint: subscription.endpoint,
        message,
        urgent,
        tries,
        firstTriedAt: firstTriedAt ?? now.toISOString(),
      };
      await addJobs(
        db,
        [
          {
            key: `${PUSH_RETRY}:${randomUUID()}`,
            kind: PUSH_RETRY,
            runAt: new Date(now.getTime() + wait).toISOString(),
            payload,
          },
        ],
        now.toISOString(),
      );
      wakeIn(wait);
      return true;
    },

    tick() {
      running ??= tickOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    async nextIn() {
      const next = await db
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', PUSH_RETRY)
        .where('done_at', 'is', null)
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst();
      return next ? Math.max(0, Date.parse(next.run_at) - clock.now().getTime()) : null;
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running?.catch(() => undefined);
    },
  };

  const sweep = setInterval(() => {
    retries.tick().catch((error: unknown) => log.error({ err: error }, 'push retry sweep failed'));
    // A day of finished tries is plenty to look into a complaint.
    deleteDoneBefore(db, PUSH_RETRY, new Date(clock.now().getTime() - 86_400_000).toISOString()).catch(
      (error: unknown) => log.error({ err: error }, 'push retry clean-up failed'),
    );
  }, SWEEP_MS);
  sweep.unref();
  timers.add(sweep);
  return retries;
}
