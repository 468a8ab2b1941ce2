import type { FastifyInstance } from 'fastify';
import { createBackupService } from '../backup/backup-service';
import type { Clock } from '../clock';
import type { FileStore } from '../files/file-store';
import type { PushNotifier } from '../push/push-notifier';
import { createReminderJobs } from '../reminders/reminder-jobs';
import type { WorkRules } from '../settings/work-rules';
import type { AppDeps } from './app-deps';

/**
 * Backups (`app.backups`, awaited on close) and reminders (`app.reminders`): built here, run on
 * main.ts's schedule or a test's tick.
 */
export function createBackgroundJobs(
  app: FastifyInstance,
  deps: AppDeps,
  clock: Clock,
  { store, push, workRules }: { store: FileStore; push: PushNotifier; workRules: WorkRules },
) {
  const { config, database } = deps;
  const backups = createBackupService({
    database,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    store,
    backupDir: config.backupDir,
    hour: config.backupHour,
    keep: config.backupKeep,
    clock,
    rules: () => workRules.get(),
    log: app.log,
  });
  app.decorate('backups', backups);
  app.addHook('onClose', () => backups.settled());
  app.decorate(
    'reminders',
    createReminderJobs({
      db: database.db,
      dialect: database.dialect,
      clock,
      rules: () => workRules.get(),
      deliver: (userId, message, options) => push.deliverTo(userId, message, options),
      log: app.log,
      appName: config.appName,
    }),
  );
  return { backups };
}
