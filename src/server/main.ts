import { pino } from 'pino';
import { buildApp } from './app';
import { authLimitRules } from './auth/sign-in-guard';
import { InProcessEventBus } from './events/event-bus';
import { PostgresEventBus } from './events/postgres-event-bus';
import { ConfigError, loadConfig } from './config';
import { preparePrivateDataDir } from './data-dir';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { firstRunBanner, lanAddresses, openAddresses } from './first-run-banner';
import { createInviteCodeService } from './settings/invite-code';
import { startSettings } from './start-settings';
import { assertPortFree } from './port-check';
import { countUsers } from './users/users.repository';
import { scheduleTrashPurge } from './trash/trash-purge-job';

async function main() {
  const config = loadConfig();
  await assertPortFree(config.port, config.host);
  // Files this service creates (uploads, database journals, keys) are its own alone.
  process.umask(0o077);
  preparePrivateDataDir(config.dataDir);
  const logger = pino({
    level: config.logLevel,
    ...(config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
  const database = openDatabase(config.databaseUrl);
  logger.info(startSettings(config, database.dialect), 'settings');
  const migrated = await migrateToLatest(database);
  for (const result of migrated.results ?? []) {
    logger.info({ migration: result.migrationName, status: result.status }, 'migration');
  }

  // Several instances on one PostgreSQL hear each other's changes through LISTEN/NOTIFY.
  const events =
    database.dialect === 'postgres'
      ? new PostgresEventBus(config.databaseUrl, database.db, 'glz_changes', logger)
      : new InProcessEventBus();
  // Listening before answering: until LISTEN is active this instance hears no change (its own
  // come back by NOTIFY too). Bounded: a slow LISTEN only means browsers refetch on their own
  // (the bus has no mark meanwhile), it is no reason not to start.
  if (events instanceof PostgresEventBus) {
    await Promise.race([events.whenReady(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  const app = await buildApp({
    config,
    database,
    events,
    loggerInstance: logger,
    authLimits: authLimitRules(config.authLimits.perIp, config.authLimits.perEmail),
  });

  const inviteCode = createInviteCodeService(database.db, config.inviteCode);
  const generated = await inviteCode.ensure();
  if (generated)
    app.log.info('invite code generated (shown below while no account exists; npm run invite-code)');

  const stopTrashPurge = scheduleTrashPurge(database.db, app.trash, app.log);
  const stopReminders = app.reminders.start();
  const stopBackups = app.backups.start();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopTrashPurge();
    // No job is taken from here on; the one under way gives back what the closing push
    // service did not take (app.close() cuts its sends short) before the database closes.
    const remindersStopped = stopReminders();
    const backupsStopped = stopBackups();
    await app.close();
    await remindersStopped;
    await backupsStopped;
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} is running at ${config.publicUrl ?? `http://localhost:${config.port}`}`);
  // Until someone registers, every start shows how: a box on the console, not a log line.
  if ((await countUsers(database.db)) === 0) {
    const addresses = openAddresses(config.host, config.port, lanAddresses(), config.publicUrl);
    process.stdout.write(`\n${firstRunBanner(config.appName, await inviteCode.current(), addresses)}\n\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
