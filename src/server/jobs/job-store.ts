import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

// Jobs kept in the database with a lease (docs/decisions/016-jobs-with-leases.md). Every
// instance on the same database may run the same scheduler: a job's key makes adding it
// idempotent, and a conditional update makes taking it exclusive.

export interface NewJob {
  /** Names the work once: the same key added twice is one job. */
  key: string;
  kind: string;
  runAt: string;
  payload?: unknown;
}

export interface ClaimedJob {
  key: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

type Db = Kysely<DB> | Transaction<DB>;

function row(job: NewJob, now: string) {
  return {
    key: job.key,
    kind: job.kind,
    run_at: job.runAt,
    payload: JSON.stringify(job.payload ?? {}),
    created_at: now,
  };
}

/** Adds jobs whose keys are new; returns how many were added. */
export async function addJobs(db: Db, jobs: readonly NewJob[], now: string): Promise<number> {
  let added = 0;
  // In slices: SQLite takes at most 32,766 bound values per statement.
  for (let start = 0; start < jobs.length; start += 500) {
    const slice = jobs.slice(start, start + 500).map((job) => row(job, now));
    const result = await db
      .insertInto('jobs')
      .values(slice)
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Adds jobs already done: a record that something happened once (an item named as overdue). */
export async function recordDone(db: Db, jobs: readonly NewJob[], now: string, outcome: string) {
  for (let start = 0; start < jobs.length; start += 500) {
    const slice = jobs.slice(start, start + 500).map((job) => ({ ...row(job, now), done_at: now, outcome }));
    await db
      .insertInto('jobs')
      .values(slice)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

export async function isDone(db: Db, key: string): Promise<boolean> {
  const found = await db.selectFrom('jobs').select('done_at').where('key', '=', key).executeTakeFirst();
  return found?.done_at != null;
}

/**
 * Takes up to `limit` due jobs for `owner` until `leaseUntil`. A job is due when it is not
 * done, its time has come and nobody holds an unexpired lease on it; each is taken by an
 * update that only succeeds over that same state, so of two instances racing one wins.
 */
export async function claimDueJobs(
  db: Kysely<DB>,
  options: {
    owner: string;
    now: string;
    leaseUntil: string;
    limit: number;
    /** Only jobs of these kinds: each scheduler takes its own. */
    kinds: readonly string[];
  },
): Promise<ClaimedJob[]> {
  const { owner, now, leaseUntil, limit, kinds } = options;
  if (kinds.length === 0) return [];
  const candidates = await db
    .selectFrom('jobs')
    .select(['key', 'kind', 'payload', 'attempts', 'lease_until'])
    .where('kind', 'in', kinds)
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('run_at')
    .orderBy('key')
    .limit(limit)
    .execute();
  const claimed: ClaimedJob[] = [];
  for (const job of candidates) {
    const taken = await db
      .updateTable('jobs')
      .set({ lease_owner: owner, lease_until: leaseUntil, attempts: job.attempts + 1 })
      .where('key', '=', job.key)
      .where('done_at', 'is', null)
      .where('attempts', '=', job.attempts)
      .where((eb) =>
        job.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', job.lease_until),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    claimed.push({
      key: job.key,
      kind: job.kind,
      payload: parsePayload(job.payload),
      attempts: job.attempts + 1,
    });
  }
  return claimed;
}

function parsePayload(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return {};
  }
}

/** Marks a job done, if `owner` still holds it (a lease that ran out may have passed it on). */
export async function completeJob(db: Db, key: string, owner: string, now: string, outcome: string) {
  const result = await db
    .updateTable('jobs')
    .set({ done_at: now, outcome, lease_owner: null, lease_until: null })
    .where('key', '=', key)
    .where('lease_owner', '=', owner)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives a job back to run again at `retryAt` (after a failure), keeping its attempt count;
 * with `payload`, what it has done so far goes with it.
 */
export async function retryJob(
  db: Db,
  key: string,
  owner: string,
  retryAt: string,
  outcome: string,
  payload?: unknown,
) {
  await db
    .updateTable('jobs')
    .set({
      run_at: retryAt,
      outcome,
      lease_owner: null,
      lease_until: null,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    })
    .where('key', '=', key)
    .where('lease_owner', '=', owner)
    .where('done_at', 'is', null)
    .execute();
}

/**
 * Keeps a job `owner` still holds until `leaseUntil`, with what it has done so far; false when the
 * lease ran out and another instance took it (the caller stops).
 */
export async function renewLease(db: Db, key: string, owner: string, leaseUntil: string, payload: unknown) {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil, payload: JSON.stringify(payload) })
    .where('key', '=', key)
    .where('lease_owner', '=', owner)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets jobs of a kind done before `before`: their keys guard against doing them twice. */
export async function deleteDoneBefore(db: Db, kind: string, before: string) {
  await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('done_at', 'is not', null)
    .where('done_at', '<', before)
    .execute();
}
