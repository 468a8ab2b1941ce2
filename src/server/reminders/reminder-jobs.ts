import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { todayIn } from '../../domain/due-marks';
import type { PushMessage } from '../../domain/push-message';
import { DIGEST_ITEMS, digestMessage, overdueMessage, zonedInstant } from '../../domain/reminders';
import { startOfDayIn } from '../../domain/status-limits';
import type { WorkRulesValues } from '../../domain/work-rules';
import { type Clock, isoNow } from '../clock';
import type { DeliveryReport } from '../push/push-notifier';
import type { DialectName } from '../db/dialect-name';
import type { DB } from '../db/schema';
import {
  addJobs,
  claimDueJobs,
  completeJob,
  deleteDoneBefore,
  isDone,
  retryJob,
  type ClaimedJob,
} from '../jobs/job-store';
import { lowStockPushes } from './low-stock';
import {
  type ChangedOverdue,
  changedOverdueItems,
  dueCountsByAssignee,
  firstDueItems,
  OVERDUE_NOTICE,
  overdueKey,
  readItem,
  recordOverdueNamed,
} from './due-items';

// The morning reminder and overdue notices (issue 20) as jobs in the database
// (docs/decisions/016-jobs-with-leases.md):
//   digest:<date>           at the reminder time: works out each person's push, adds one
//                           remind job per person and records every overdue item as named —
//                           all in one transaction, so it happens whole or not at all;
//   remind:<date>:<user>    one person's morning push;
//   overdue:<kind>:<id>:<due>  an item that became overdue after the morning push; the same
//                           key, already done, records an item the morning push named.

const DIGEST = 'digest';
const REMIND = 'remind';
/**
 * A job makes one try of each push (15 s at most, push-sender.ts) and is given back to retry
 * later, so its lease is short: an instance that dies holds its jobs two minutes.
 */
export const LEASE_MS = 2 * 60_000;
const TICK_MS = 30_000;
const FIRST_TICK_MS = 5_000;
/** Retries after 1, 2, 4, 8, 16, 30, 30 minutes: a push service down for an hour and a half. */
export const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempt: number) => Math.min(2 ** (attempt - 1), 30) * 60_000;
/** A morning push more than this late (the service was down) is no use any more. */
const STALE_AFTER_MS = 12 * 3_600_000;
const CLAIM_BATCH = 20;
/** A sweep looks back a little past its last run: a write committed late is still seen. */
const SWEEP_OVERLAP_MS = 5 * 60_000;
const KEEP_DONE_DAYS = 30;
/** Overdue records stay longer: while kept, an item still overdue is not news again. */
const KEEP_OVERDUE_DAYS = 365;

export type DeliverTo = (
  userId: number,
  message: PushMessage,
  options: { urgent: boolean; except?: readonly string[] },
) => Promise<DeliveryReport>;

export interface ReminderJobsDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  rules: () => Promise<WorkRulesValues>;
  deliver: DeliverTo;
  log: FastifyBaseLogger;
  appName: string;
  /** Names this instance on the leases it takes; unique per process unless a test sets it. */
  owner?: string;
}

export interface ReminderJobs {
  /** Adds what is due, then runs every due job this instance can take. */
  tick(): Promise<void>;
  /**
   * Ticks every 30 seconds from now on. Returns the stop: no job is taken after it, and it
   * resolves once the tick under way has given back or finished what it holds.
   */
  start(): () => Promise<void>;
}

interface DigestPayload {
  date: string;
  /** When it was due: a morning push later than STALE_AFTER_MS is not sent. */
  due: string;
}

interface RemindPayload extends DigestPayload {
  userId: number;
  message: PushMessage;
  /** Browsers that took it on an earlier try. */
  delivered?: string[];
}

type OverduePayload = ChangedOverdue;

/** A job to give back with what it has done so far: it runs again later. */
class RetryLater extends Error {
  constructor(
    message: string,
    readonly payload?: unknown,
  ) {
    super(message);
  }
}

export function createReminderJobs(deps: ReminderJobsDeps): ReminderJobs {
  const { db, clock, log, appName } = deps;
  const owner = deps.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** Changes up to this instant have been looked at for new overdue items. */
  let sweptSince: string | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;
  const stale = (payload: DigestPayload, nowIso: string) =>
    Date.parse(nowIso) - Date.parse(payload.due) > STALE_AFTER_MS;

  async function plan(today: string, timeZone: string, nowIso: string, reminderTime: string) {
    const runAt = zonedInstant(today, reminderTime, timeZone);
    if (nowIso < runAt) return;
    const digest: DigestPayload = { date: today, due: runAt };
    await addJobs(db, [{ key: `${DIGEST}:${today}`, kind: DIGEST, runAt, payload: digest }], nowIso);
    // Until the morning push has gone out, an item overdue since midnight waits for it.
    if (!(await isDone(db, `${DIGEST}:${today}`))) return;
    const since = sweptSince ?? startOfDayIn(today, timeZone);
    sweptSince = new Date(Date.parse(nowIso) - SWEEP_OVERLAP_MS).toISOString();
    const changed = await changedOverdueItems(db, today, since);
    await addJobs(
      db,
      changed.map((item) => ({
        key: overdueKey(item.kind, item.id, item.dueDate, item.assigneeId),
        kind: OVERDUE_NOTICE,
        runAt: nowIso,
        payload: item satisfies OverduePayload,
      })),
      nowIso,
    );
  }

  /** Works out the morning pushes: one remind job per person, every overdue item recorded. */
  async function expandDigest(job: ClaimedJob, nowIso: string): Promise<string | null> {
    const payload = job.payload as DigestPayload;
    if (stale(payload, nowIso)) return 'missed: too late';
    const today = payload.date;
    // One snapshot for the whole digest on PostgreSQL: an item moved into the past meanwhile is
    // neither counted nor recorded, so the next sweep tells its assignee.
    const transaction =
      deps.dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
    return transaction.execute(async (trx) => {
      const people = await dueCountsByAssignee(trx, today);
      const remind = [];
      for (const person of people) {
        const items = await firstDueItems(trx, person.userId, today, DIGEST_ITEMS);
        const message = digestMessage({ appName, today, items, ...person });
        remind.push({
          key: `${REMIND}:${today}:${person.userId}`,
          kind: REMIND,
          runAt: nowIso,
          payload: { ...payload, userId: person.userId, message } satisfies RemindPayload,
        });
      }
      // Parts running out: one more push for each admin, sent like the others.
      for (const { userId, message } of await lowStockPushes(trx, appName)) {
        remind.push({
          key: `${REMIND}:${today}:stock:${userId}`,
          kind: REMIND,
          runAt: nowIso,
          payload: { ...payload, userId, message } satisfies RemindPayload,
        });
      }
      await addJobs(trx, remind, nowIso);
      await recordOverdueNamed(trx, today, nowIso);
      const cutoff = (days: number) => new Date(Date.parse(nowIso) - days * 86_400_000).toISOString();
      for (const kind of [DIGEST, REMIND]) await deleteDoneBefore(trx, kind, cutoff(KEEP_DONE_DAYS));
      await deleteDoneBefore(trx, OVERDUE_NOTICE, cutoff(KEEP_OVERDUE_DAYS));
      // Done in the same transaction; if the lease was lost meanwhile, all of it is undone.
      if (!(await completeJob(trx, job.key, owner, nowIso, `${remind.length} people`))) {
        throw new Error('lease lost');
      }
      return null;
    });
  }

  /** Sends to the browsers that have not taken it yet; gives the job back if some may later. */
  async function send(job: ClaimedJob, userId: number, message: PushMessage, delivered: readonly string[]) {
    const report = await deps.deliver(userId, message, { urgent: false, except: delivered });
    const done = [...delivered, ...report.delivered];
    if (report.retry.length > 0) {
      throw new RetryLater(`${report.retry.length} browser(s) to try again`, {
        ...(job.payload as object),
        delivered: done,
      });
    }
    return done.length > 0 ? 'sent' : 'no browser took it';
  }

  async function remind(job: ClaimedJob, nowIso: string): Promise<string> {
    const payload = job.payload as RemindPayload;
    // A morning push half a day late (the service was down) is no use.
    if (stale(payload, nowIso)) return 'missed: too late';
    return send(job, payload.userId, payload.message, payload.delivered ?? []);
  }

  async function notifyOverdue(job: ClaimedJob, today: string): Promise<string> {
    const { kind, id, dueDate, assigneeId } = job.payload as OverduePayload;
    const item = await readItem(db, kind, id);
    // Checked again now: fixed, closed or given to someone else since, it is no news.
    if (!item?.open || item.assigneeId !== assigneeId || item.dueDate !== dueDate || dueDate >= today) {
      return 'skipped: no longer overdue';
    }
    const message = overdueMessage(appName, { kind, id, title: item.title, dueDate }, today);
    const delivered = (job.payload as { delivered?: string[] }).delivered ?? [];
    return send(job, assigneeId, message, delivered);
  }

  async function run(job: ClaimedJob, today: string, nowIso: string) {
    const finish = (outcome: string) => completeJob(db, job.key, owner, isoNow(clock), outcome);
    try {
      // Taken this often, it has crashed or hung its instance every time: give up on it.
      if (job.attempts > MAX_ATTEMPTS)
        return void (await finish(`failed: gave up after ${MAX_ATTEMPTS} tries`));
      let outcome: string | null;
      if (job.kind === DIGEST) outcome = await expandDigest(job, nowIso);
      else if (job.kind === REMIND) outcome = await remind(job, nowIso);
      else if (job.kind === OVERDUE_NOTICE) outcome = await notifyOverdue(job, today);
      else outcome = 'skipped: unknown kind';
      if (outcome !== null) await finish(outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const payload = error instanceof RetryLater ? error.payload : undefined;
      if (!(error instanceof RetryLater))
        log.error({ err: error, job: job.key, attempt: job.attempts }, 'job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await finish(`failed: ${message}`);
      } else {
        const retryAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts)).toISOString();
        await retryJob(db, job.key, owner, retryAt, `retry: ${message}`, payload);
      }
    }
  }

  async function tickOnce() {
    const now = clock.now();
    const nowIso = now.toISOString();
    const rules = await deps.rules();
    const today = todayIn(rules.timeZone, now);
    await plan(today, rules.timeZone, nowIso, rules.reminderTime);
    while (!stopping) {
      const at = clock.now();
      const jobs = await claimDueJobs(db, {
        owner,
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
        limit: CLAIM_BATCH,
        kinds: [DIGEST, REMIND, OVERDUE_NOTICE],
      });
      if (jobs.length === 0) return;
      // A digest first makes the remind jobs the next round takes; pushes go out side by side.
      await Promise.all(jobs.map((job) => run(job, today, at.toISOString())));
    }
  }

  const reminders: ReminderJobs = {
    tick() {
      // One tick at a time per instance; a timer firing during a long one joins it.
      running ??= tickOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    start() {
      stopping = false;
      const tick = () => {
        reminders.tick().catch((error: unknown) => log.error({ err: error }, 'reminder tick failed'));
      };
      // Soon after start (a restart catches up on what came due meanwhile), then every 30 s.
      const first = setTimeout(tick, FIRST_TICK_MS);
      const every = setInterval(tick, TICK_MS);
      first.unref();
      every.unref();
      return async () => {
        stopping = true;
        clearTimeout(first);
        clearInterval(every);
        await running?.catch(() => undefined);
      };
    },
  };
  return reminders;
}
