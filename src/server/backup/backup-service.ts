import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { todayIn } from '../../domain/due-marks';
import { zonedInstant } from '../../domain/reminders';
import type { WorkRulesValues } from '../../domain/work-rules';
import { type Clock, isoNow } from '../clock';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { addJobs, claimDueJobs, completeJob, retryJob } from '../jobs/job-store';
import { BACKUP_NAME_PATTERN, backupCreatedAt } from './manifest';
import type { FileStore } from '../files/file-store';
import { writeBackup } from './write-backup';

// Automatic backups (issue 21): once a day at BACKUP_HOUR in the shop's time zone, as a job in
// the database (docs/decisions/016-jobs-with-leases.md) so that of several instances one makes
// it; the newest BACKUP_KEEP archives are kept. Admins list, make and download them too.

const BACKUP = 'backup';
/** Long enough for a large data folder; an instance that died gives it up after this. */
const LEASE_MS = 3 * 3_600_000;
const TICK_MS = 60_000;
const FIRST_TICK_MS = 5_000;
const MAX_ATTEMPTS = 3;
const STALE_AFTER_MS = 12 * 3_600_000;

export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
}

export const BACKUP_BUSY = 'Резервная копия уже делается, подождите';

export function createBackupService(deps: {
  database: Database;
  databaseUrl: string;
  dataDir: string;
  store: FileStore;
  backupDir: string;
  /** Hour of the day (shop time) for the automatic backup; null: none. */
  hour: number | null;
  keep: number;
  clock: Clock;
  rules: () => Promise<WorkRulesValues>;
  log: FastifyBaseLogger;
  owner?: string;
}) {
  const { database, clock, log, backupDir } = deps;
  const db = database.db;
  const owner = deps.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let writing: Promise<BackupInfo> | undefined;
  let lastFailure: { at: string; message: string } | null = null;

  async function list(): Promise<BackupInfo[]> {
    if (!fs.existsSync(backupDir)) return [];
    const names = (await fsp.readdir(backupDir)).filter((name) => BACKUP_NAME_PATTERN.test(name));
    const found = await Promise.all(
      // A name of the right shape but no real time (T25-61-00) is not one of ours.
      names
        .filter((name) => !Number.isNaN(backupCreatedAt(name).getTime()))
        .map(async (name) => {
          const stat = await fsp.stat(path.join(backupDir, name));
          return { name, size: stat.size, createdAt: backupCreatedAt(name).toISOString() };
        }),
    );
    // By time, not name: names carry the shop's clock, which a change of zone or DST shifts.
    return found.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /** Keeps the newest `keep` archives. */
  async function prune() {
    for (const old of (await list()).slice(deps.keep)) {
      await fsp.rm(path.join(backupDir, old.name), { force: true });
      log.info({ backup: old.name }, 'old backup removed');
    }
  }

  /** One backup now, by this instance; a second asked for meanwhile is refused. */
  function write(): Promise<BackupInfo> {
    if (writing) return Promise.reject(new AppError('conflict', BACKUP_BUSY));
    writing = (async () => {
      const started = Date.now();
      const { file, manifest } = await writeBackup(
        { database, databaseUrl: deps.databaseUrl, dataDir: deps.dataDir, store: deps.store },
        backupDir,
        clock.now(),
        (await deps.rules()).timeZone,
      );
      const size = (await fsp.stat(file)).size;
      log.info(
        { backup: path.basename(file), size, ms: Date.now() - started, counts: manifest.counts },
        'backup written',
      );
      await prune();
      return { name: path.basename(file), size, createdAt: manifest.createdAt };
    })()
      .catch((error: unknown) => {
        lastFailure = {
          at: isoNow(clock),
          message: error instanceof Error ? error.message : String(error),
        };
        throw error;
      })
      .finally(() => {
        writing = undefined;
      });
    return writing;
  }

  async function tick() {
    if (deps.hour === null) return;
    const now = clock.now();
    const { timeZone } = await deps.rules();
    const today = todayIn(timeZone, now);
    const due = zonedInstant(today, `${String(deps.hour).padStart(2, '0')}:00`, timeZone);
    if (now.toISOString() < due) return;
    await addJobs(
      db,
      [{ key: `${BACKUP}:${today}`, kind: BACKUP, runAt: due, payload: { due } }],
      now.toISOString(),
    );
    const jobs = await claimDueJobs(db, {
      owner,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: 1,
      kinds: [BACKUP],
    });
    for (const job of jobs) {
      const finish = (outcome: string) => completeJob(db, job.key, owner, isoNow(clock), outcome);
      const { due: dueAt } = job.payload as { due: string };
      if (now.getTime() - Date.parse(dueAt) > STALE_AFTER_MS) {
        await finish('missed: too late');
        continue;
      }
      try {
        await finish(`written ${(await write()).name}`);
      } catch (error) {
        log.error({ err: error, job: job.key }, 'automatic backup failed');
        const message = error instanceof Error ? error.message : String(error);
        if (job.attempts >= MAX_ATTEMPTS) await finish(`failed: ${message}`);
        else
          await retryJob(
            db,
            job.key,
            owner,
            new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
            message,
          );
      }
    }
  }

  return {
    list,
    write,
    tick,
    /** Starts one now and returns at once (a large folder takes minutes); the page asks after it. */
    writeInBackground() {
      const started = write();
      started.catch((error: unknown) => log.error({ err: error }, 'backup failed'));
    },
    /**
     * Resolves when no backup is under way (one started from the page included). The app waits
     * for it on close: a snapshot left open would hold its tables past the app's end.
     */
    async settled() {
      await writing?.catch(() => undefined);
    },
    status() {
      return {
        inProgress: writing !== undefined,
        lastFailure,
        schedule: { hour: deps.hour, keep: deps.keep, dir: backupDir },
      };
    },
    /** A readable stream of one archive, or null if there is no such backup. */
    open(name: string) {
      if (!BACKUP_NAME_PATTERN.test(name)) return null;
      const file = path.join(backupDir, name);
      return fs.existsSync(file) ? { file, size: fs.statSync(file).size } : null;
    },
    /**
     * Checks soon after start (a restart at the hour catches up at once), then every minute;
     * returns the stop, which waits for a backup under way.
     */
    start() {
      let running: Promise<void> | undefined;
      const check = () => {
        running ??= tick()
          .catch((error: unknown) => log.error({ err: error }, 'backup tick failed'))
          .finally(() => {
            running = undefined;
          });
      };
      const first = setTimeout(check, FIRST_TICK_MS);
      first.unref();
      const timer = setInterval(check, TICK_MS);
      timer.unref();
      return async () => {
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
