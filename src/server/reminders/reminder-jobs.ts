import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { todayIn } from '../../domain/due-marks';
import type { PushMessage } from '../../domain/push-message';
import { DIGEST_ITEMS, digestMessage, overdueMessage, zonedInstant } from '../../domain/reminders';
import { startOfDayIn } from '../../domain/status-limits';
import type { WorkRulesValues } from '../../domain/work-rules';
import type { WorkKind } from '../../domain/worklist';
import type { Clock } from '../clock';
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
import {
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
/** Long enough for a push with all its retries (push-notifier.ts: 5 s + 30 s + 2 min). */
export const LEASE_MS = 10 * 60_000;
const TICK_MS = 30_000;
const FIRST_TICK_MS = 5_000;
const MAX_ATTEMPTS = 5;
const CLAIM_BATCH = 20;
/** A sweep looks back a little past its last run: a write committed late is still seen. */
const SWEEP_OVERLAP_MS = 5 * 60_000;
const KEEP_DONE_DAYS = 30;
/** Overdue records stay longer: while kept, an item still overdue is not news again. */
const KEEP_OVERDUE_DAYS = 365;

export type DeliverTo = (userId: number, message: PushMessage, urgent: boolean) => Promise<void>;

export interface ReminderJobsDeps {
  db: Kysely<DB>;
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
  /** Ticks every 30 seconds from now on; returns the function that stops it. */
  start(): () => void;
}

interface RemindPayload {
  userId: number;
  date: string;
  message: PushMessage;
}

interface OverduePayload {
  kind: WorkKind;
  id: number;
  dueDate: string;
}

export function createReminderJobs(deps: ReminderJobsDeps): ReminderJobs {
  const { db, clock, log, appName } = deps;
  const owner = deps.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** Changes up to this instant have been looked at for new overdue items. */
  let sweptSince: string | undefined;
  let running: Promise<void> | undefined;

  async function plan(today: string, timeZone: string, nowIso: string, reminderTime: string) {
    const runAt = zonedInstant(today, reminderTime, timeZone);
    if (nowIso < runAt) return;
    await addJobs(db, [{ key: `${DIGEST}:${today}`, kind: DIGEST, runAt, payload: { date: today } }], nowIso);
    // Until the morning push has gone out, an item overdue since midnight waits for it.
    if (!(await isDone(db, `${DIGEST}:${today}`))) return;
    const since = sweptSince ?? startOfDayIn(today, timeZone);
    sweptSince = new Date(Date.parse(nowIso) - SWEEP_OVERLAP_MS).toISOString();
    const changed = await changedOverdueItems(db, today, since);
    await addJobs(
      db,
      changed.map((item) => ({
        key: overdueKey(item.kind, item.id, item.dueDate),
        kind: OVERDUE_NOTICE,
        runAt: nowIso,
        payload: item satisfies OverduePayload,
      })),
      nowIso,
    );
  }

  /** Works out the morning pushes: one remind job per person, every overdue item recorded. */
  async function expandDigest(job: ClaimedJob, today: string, nowIso: string): Promise<string> {
    const { date } = job.payload as { date: string };
    if (date !== today) return 'missed: the day had passed';
    return db.transaction().execute(async (trx) => {
      const people = await dueCountsByAssignee(trx, today);
      const remind = [];
      for (const person of people) {
        const items = await firstDueItems(trx, person.userId, today, DIGEST_ITEMS);
        const message = digestMessage({ appName, today, items, ...person });
        remind.push({
          key: `${REMIND}:${today}:${person.userId}`,
          kind: REMIND,
          runAt: nowIso,
          payload: { userId: person.userId, date: today, message } satisfies RemindPayload,
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
      return '';
    });
  }

  async function remind(job: ClaimedJob, today: string): Promise<string> {
    const { userId, date, message } = job.payload as RemindPayload;
    // Yesterday's morning push is no use today (the service was down all day).
    if (date !== today) return 'missed: the day had passed';
    await deps.deliver(userId, message, false);
    return 'sent';
  }

  async function notifyOverdue(job: ClaimedJob, today: string): Promise<string> {
    const { kind, id, dueDate } = job.payload as OverduePayload;
    const item = await readItem(db, kind, id);
    // Checked again now: fixed, closed or given to nobody since it was found, it is no news.
    if (!item?.open || item.assigneeId === null || item.dueDate !== dueDate || dueDate >= today) {
      return 'skipped: no longer overdue';
    }
    await deps.deliver(
      item.assigneeId,
      overdueMessage(appName, { kind, id, title: item.title, dueDate }, today),
      false,
    );
    return 'sent';
  }

  async function run(job: ClaimedJob, today: string, nowIso: string) {
    try {
      let outcome: string;
      if (job.kind === DIGEST) {
        outcome = await expandDigest(job, today, nowIso);
        if (outcome === '') return;
      } else if (job.kind === REMIND) {
        outcome = await remind(job, today);
      } else if (job.kind === OVERDUE_NOTICE) {
        outcome = await notifyOverdue(job, today);
      } else {
        outcome = `skipped: unknown kind`;
      }
      await completeJob(db, job.key, owner, clock.now().toISOString(), outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.key, attempt: job.attempts }, 'job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await completeJob(db, job.key, owner, clock.now().toISOString(), `failed: ${message}`);
      } else {
        const retryAt = new Date(clock.now().getTime() + job.attempts * 60_000).toISOString();
        await retryJob(db, job.key, owner, retryAt, `retry: ${message}`);
      }
    }
  }

  async function tickOnce() {
    const now = clock.now();
    const nowIso = now.toISOString();
    const rules = await deps.rules();
    const today = todayIn(rules.timeZone, now);
    await plan(today, rules.timeZone, nowIso, rules.reminderTime);
    for (;;) {
      const at = clock.now();
      const jobs = await claimDueJobs(db, {
        owner,
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
        limit: CLAIM_BATCH,
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
      const tick = () => {
        reminders.tick().catch((error: unknown) => log.error({ err: error }, 'reminder tick failed'));
      };
      // Soon after start (a restart catches up on what came due meanwhile), then every 30 s.
      const first = setTimeout(tick, FIRST_TICK_MS);
      const every = setInterval(tick, TICK_MS);
      first.unref();
      every.unref();
      return () => {
        clearTimeout(first);
        clearInterval(every);
      };
    },
  };
  return reminders;
}
