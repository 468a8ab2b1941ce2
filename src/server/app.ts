import type { Agent } from 'node:https';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { DEFAULT_AUTH_LIMITS, SignInGuard, type AuthLimitRules } from './auth/sign-in-guard';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerPasswordsRoutes } from './auth/passwords.routes';
import { createPasswordsService } from './auth/passwords.service';
import { sendResetEmail } from './auth/forgot-password';
import { deleteUnusedResets } from './auth/reset-links';
import { createMailer } from './mail/mailer';
import { registerEventMarkHeader } from './events/event-mark-header';
import { InProcessEventBus, type EventBus } from './events/event-bus';
import { registerEventsRoutes } from './events/events.routes';
import { registerClientsRoutes } from './clients/clients.routes';
import { createClientsService } from './clients/clients.service';
import { createAuthService } from './auth/auth.service';
import { deleteSessionsOfUser } from './auth/sessions.repository';
import { createSessionService } from './auth/sessions.service';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerJsonCompression } from './http/compress-json';
import { registerCurrentUser } from './http/current-user';
import { registerErrorHandling } from './http/error-handler';
import { registerNoStoreForApi } from './http/no-store';
import { registerRouteScopes } from './http/route-scopes';
import { registerRequestLog } from './http/request-log';
import { registerNulGuard } from './http/reject-nul';
import { registerSameOriginGuard } from './http/same-origin-guard';
import { registerWebApp } from './http/web-app';
import { registerWebManifest } from './http/web-manifest.routes';
import { createPushNotifier, type PushNotifier } from './push/push-notifier';
import { createPushSender } from './push/push-sender';
import { deleteSessionSubscriptions } from './push/push-subscriptions.repository';
import { registerPushRoutes } from './push/push.routes';
import { loadVapidKeys } from './push/vapid-keys';
import { createInviteCodeService } from './settings/invite-code';
import { registerSettingsRoutes } from './settings/settings.routes';
import { createShopLogo } from './settings/shop-logo';
import { createMessageTemplates } from './settings/message-templates';
import { createWorkRules } from './settings/work-rules';
import { registerDocumentsRoutes } from './documents/documents.routes';
import { createTicketDocuments } from './documents/ticket-documents';
import { findPublicStatus } from './status-page/status-page';
import { registerStatusPageRoutes } from './status-page/status-page.routes';
import type { FileStore } from './files/file-store';
import { openFileStore } from './files/open-file-store';
import { registerFilesRoutes } from './files/files.routes';
import type { UploadLimits } from './files/upload-limits';
import { createDefaultAssignees } from './settings/default-assignees';
import { createShopProfile } from './settings/shop-profile';
import { registerTasksRoutes } from './tasks/tasks.routes';
import { createTasksService } from './tasks/tasks.service';
import { registerTicketsRoutes } from './tickets/tickets.routes';
import { createTicketsService } from './tickets/tickets.service';
import { registerUsersRoutes } from './users/users.routes';
import { registerWorklistRoutes } from './work/worklist.routes';
import { createWorklistService } from './work/worklist.service';
import { createUsersService } from './users/users.service';
import { registerHistoryRoutes } from './history/history.routes';
import { registerTrashRoutes } from './trash/trash.routes';
import { createTrashService, type TrashService } from './trash/trash.service';
import { createReminderJobs, type ReminderJobs } from './reminders/reminder-jobs';
import { registerDashboardRoutes } from './dashboard/dashboard.routes';
import { registerExportRoutes } from './export/export.routes';
import { registerBackupRoutes } from './backup/backup.routes';
import { createBackupService, type BackupService } from './backup/backup-service';
import { createDashboardService } from './dashboard/dashboard.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background Web Push delivery; tests await `app.push.idle()`. */
    push: PushNotifier;
    /** Every route registered, as `GET /api/clients/:id`; the authorization test checks it is complete. */
    routeList: readonly string[];
    /** The Корзина; main.ts schedules its purge, tests run it. */
    trash: TrashService;
    /** Morning reminders and overdue notices; main.ts starts their schedule, tests tick them. */
    reminders: ReminderJobs;
    /** Backups: main.ts starts the automatic ones, admins make and download them. */
    backups: BackupService;
  }
}

export interface AppDeps {
  config: Pick<
    Config,
    | 'appName'
    | 'inviteCode'
    | 'publicUrl'
    | 'sessionIdleMs'
    | 'sessionMaxMs'
    | 'trustProxy'
    | 'dataDir'
    | 'maxUploadBytes'
    | 'maxUploadRequestBytes'
    | 'minFreeDiskBytes'
    | 'trashDays'
    | 'mail'
    | 'vapidKeys'
    | 'vapidSubject'
    | 'databaseUrl'
    | 'backupDir'
    | 'backupHour'
    | 'backupKeep'
  > &
    // Absent in most tests: files on local disk.
    Partial<Pick<Config, 's3'>>;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger made by the caller (main.ts shares it with the event bus). */
  loggerInstance?: FastifyBaseLogger;
  authLimits?: AuthLimitRules;
  /** How the sign-in guard pauses (tests record the pauses instead of waiting). */
  authSleep?: (ms: number) => Promise<void>;
  /** Carries committed changes to live streams; in-process unless given (PostgreSQL: LISTEN/NOTIFY). */
  events?: EventBus;
  /** Where uploaded files go; by default the settings' (DATA_DIR/files or the S3 bucket). */
  fileStore?: FileStore;
  /** Folder of the built web app; null for an API-only server. */
  webRoot?: string | null;
  push?: {
    /** HTTPS agent for push services; tests give one that trusts their stand-in. */
    agent?: Agent;
    retryDelaysMs?: readonly number[];
  };
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const limits = deps.authLimits ?? DEFAULT_AUTH_LIMITS;

  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // Our own line per request, at debug (src/server/http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push(`${method} ${route.url}`);
  });

  const sessions = createSessionService(
    database.db,
    clock,
    { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    { beforeEnd: deleteSessionSubscriptions },
  );
  const inviteCode = createInviteCodeService(database.db, config.inviteCode);
  const auth = createAuthService({ database, clock, sessions, inviteCode, log: app.log });
  const passwords = createPasswordsService({ database, clock, sessions });
  const signInGuard = new SignInGuard(database.db, limits, clock, deps.authSleep);
  const mail = config.mail;
  const mailer = mail ? createMailer(mail) : undefined;
  if (mailer) app.addHook('onClose', () => mailer.close());
  const users = createUsersService({
    database,
    clock,
    endSessionsOf: deleteSessionsOfUser,
    dropResetLinksOf: deleteUnusedResets,
  });
  const store = deps.fileStore ?? (await openFileStore(config));
  app.addHook('onClose', async () => store.close?.());
  const defaultAssignees = createDefaultAssignees(database.db);
  const events = deps.events ?? new InProcessEventBus();
  app.addHook('onClose', () => events.close());
  registerEventMarkHeader(app, events);
  const vapidKeys = await loadVapidKeys(database.db, config.dataDir, config.vapidKeys, () =>
    app.log.info('Web Push keys generated into the database (backed up with it)'),
  );
  const push = createPushNotifier({
    db: database.db,
    send: createPushSender({ vapidKeys, subject: config.vapidSubject, agent: deps.push?.agent }),
    log: app.log,
    appName: config.appName,
    retryDelaysMs: deps.push?.retryDelaysMs,
  });
  app.decorate('push', push);
  app.addHook('onClose', () => push.close());
  const services = { database, clock, store, defaultAssignees, log: app.log, events, push };
  const tickets = createTicketsService(services);
  const tasks = createTasksService(services);
  const clients = createClientsService({ database, clock, events });
  const trash = createTrashService({
    database,
    clock,
    events,
    log: app.log,
    purge: { ticket: tickets.purge, task: tasks.purge, client: clients.purge },
    trashDays: config.trashDays,
  });
  app.decorate('trash', trash);

  registerErrorHandling(app);
  registerNulGuard(app);
  registerNoStoreForApi(app);
  registerJsonCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, fields: 10, parts: 30 },
  });
  await app.register(fastifyHelmet, {
    // Served over plain HTTP on a shop's LAN too: never upgrade requests or pin HTTPS
    // unless the public address is HTTPS.
    hsts: config.publicUrl?.startsWith('https:') ? undefined : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
  registerSameOriginGuard(app, config.publicUrl);
  registerCurrentUser(app, sessions);

  const uploadLimits: UploadLimits = {
    fileBytes: config.maxUploadBytes,
    requestBytes: config.maxUploadRequestBytes,
    minFreeBytes: config.minFreeDiskBytes,
    dataDir: config.dataDir,
  };
  const shopProfile = createShopProfile(database.db, clock);
  const shopLogo = createShopLogo({ db: database.db, store, clock });
  const workRules = createWorkRules(database.db, clock);
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
  await registerRouteScopes(app, (scopes) => {
    registerAuthRoutes(scopes, {
      auth,
      sessions,
      guard: signInGuard,
      sessionMaxMs: config.sessionMaxMs,
      events,
    });
    registerUsersRoutes(scopes, users, events);
    registerPasswordsRoutes(scopes, {
      passwords,
      publicUrl: config.publicUrl,
      guard: signInGuard,
      events,
      emails:
        mailer && mail
          ? {
              send: (email) =>
                sendResetEmail(
                  {
                    db: database.db,
                    clock,
                    mailer,
                    log: app.log,
                    appName: config.appName,
                    publicUrl: mail.publicUrl,
                  },
                  email,
                ),
            }
          : undefined,
    });
    registerEventsRoutes(scopes, { bus: events, sessions });
    registerClientsRoutes(scopes, clients);
    registerTicketsRoutes(scopes, { tickets, store, uploadLimits });
    registerTasksRoutes(scopes, { tasks, store, uploadLimits });
    const worklist = createWorklistService({
      database,
      rules: () => workRules.get(),
      now: () => clock.now(),
    });
    registerWorklistRoutes(scopes, worklist);
    registerExportRoutes(scopes, {
      worklist,
      tickets,
      tasks,
      clients,
      timeZone: async () => (await workRules.get()).timeZone,
      now: () => clock.now(),
    });
    registerDashboardRoutes(
      scopes,
      createDashboardService({
        db: database.db,
        rules: () => workRules.get(),
        now: () => clock.now(),
        changesMark: () => events.sharedMark(),
      }),
    );
    registerBackupRoutes(scopes, backups);
    registerTrashRoutes(scopes, trash);
    registerHistoryRoutes(scopes, { db: database.db });
    registerPushRoutes(scopes, { db: database.db, clock, publicKey: vapidKeys.publicKey });
    registerWebManifest(scopes, config.appName);
    registerFilesRoutes(scopes, { database, store });
    registerDocumentsRoutes(scopes, {
      documents: createTicketDocuments({ tickets, shopProfile, shopLogo, clock }),
      publicUrl: config.publicUrl,
    });
    registerStatusPageRoutes(scopes, {
      db: database.db,
      find: (token) => findPublicStatus(database.db, shopProfile, token),
      timeZone: async () => (await workRules.get()).timeZone,
      clock,
    });
    registerSettingsRoutes(scopes, {
      inviteCode,
      defaultAssignees,
      shopProfile,
      shopLogo,
      messageTemplates: createMessageTemplates(database.db, clock),
      workRules,
      store,
      uploadLimits,
      events,
      publicConfig: {
        appName: config.appName,
        trashDays: config.trashDays,
        passwordByEmail: config.mail !== undefined,
        maxUploadBytes: config.maxUploadBytes,
        maxUploadRequestBytes: config.maxUploadRequestBytes,
        publicUrl: config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : null,
      },
    });
  });

  await registerWebApp(app, deps.webRoot === undefined ? defaultWebRoot() : deps.webRoot);
  return app;
}

/** Fastify's types take hop counts only as a function: trust the first `hops` hops. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export function defaultWebRoot(): string {
  return path.resolve('dist/web');
}
