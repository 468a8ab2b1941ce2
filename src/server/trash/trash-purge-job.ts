import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isoNow, systemClock, type Clock } from '../clock';
import type { DB } from '../db/schema';
import { everyHourAfter, HOUR_MS } from '../jobs/every-hour';
import { addJobs, claimDueJobs, completeJob, deleteDoneBefore } from '../jobs/job-store';
import type { TrashService } from './trash.service';

/** After start-up settles, then every hour. */
const FIRST_RUN_MS = 60_000;
const LEASE_MS = 30 * 60_000;
export const TRASH_PURGE = 'trash-purge';

/**
 * One purge of the Корзина per hour whichever instances run (issue 23): each names the hour's
 * job (the same key, so one job), and the one that takes its lease deletes for good what has
 * been in the Корзина longer than TRASH_DAYS, with its files. Returns whether this call ran it.
 */
export async function purgeThisHour(
  db: Kysely<DB>,
  trash: Pick<TrashService, 'purgeExpired'>,
  { clock, owner }: { clock: Clock; owner: string },
): Promise<boolean> {
  const now = clock.now();
  const hour = now.toISOString().slice(0, 13);
  const nowIso = now.toISOString();
  await addJobs(db, [{ key: `${TRASH_PURGE}:${hour}`, kind: TRASH_PURGE, runAt: nowIso }], nowIso);
  const [job] = await claimDueJobs(db, {
    owner,
    now: nowIso,
    leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
    limit: 1,
    kinds: [TRASH_PURGE],
  });
  if (!job) return false;
  try {
    const purged = await trash.purgeExpired();
    await completeJob(db, job.key, owner, isoNow(clock), `purged ${purged}`);
  } catch (error) {
    // Recorded, not retried: the next hour's job purges everything that is due by then.
    await completeJob(db, job.key, owner, isoNow(clock), `failed: ${(error as Error).message}`);
    throw error;
  }
  await deleteDoneBefore(db, TRASH_PURGE, new Date(now.getTime() - 7 * 24 * HOUR_MS).toISOString());
  return true;
}

/** Starts the hourly purge; returns the function that stops it. */
export function scheduleTrashPurge(
  db: Kysely<DB>,
  trash: Pick<TrashService, 'purgeExpired'>,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
  owner = `trash-${randomUUID()}`,
) {
  const run = () => {
    purgeThisHour(db, trash, { clock, owner }).catch((error: unknown) =>
      log.error({ err: error }, 'trash purge failed'),
    );
  };
  return everyHourAfter(FIRST_RUN_MS, run);
}
