import type { FastifyInstance } from 'fastify';
import type { AppConfig, AppDeps } from './app-deps';
import { InProcessEventBus } from '../events/event-bus';
import { registerEventMarkHeader } from '../events/event-mark-header';
import { openFileStore } from '../files/open-file-store';
import { systemClock } from '../clock';
import { createMailer } from '../mail/mailer';
import { createClientNotices } from '../notices/client-notices.service';
import { createPushNotifier } from '../push/push-notifier';
import { createPushSender } from '../push/push-sender';
import { loadVapidKeys } from '../push/vapid-keys';

export type AppResources = Awaited<ReturnType<typeof openResources>>;

/**
 * What the app holds open and closes with itself (onClose, in this order): the mail connection,
 * the file store, the event bus, Web Push delivery and the automatic client messages.
 */
export async function openResources(app: FastifyInstance, deps: AppDeps) {
  const mailer = openMailer(app, deps.config.mail);
  const store = deps.fileStore ?? (await openFileStore(deps.config));
  app.addHook('onClose', async () => store.close?.());
  const events = deps.events ?? new InProcessEventBus();
  app.addHook('onClose', () => events.close());
  registerEventMarkHeader(app, events);
  const { push, vapidKeys } = await startPush(app, deps);
  const notices = createClientNotices({
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    log: app.log,
    mailer: mailer ?? null,
    endpoints: deps.config.noticeEndpoints ?? {},
    publicUrl: deps.config.publicUrl,
    appName: deps.config.appName,
    changed: (entity, id) => events.publish({ entity, id, op: 'update' }),
    ...deps.notices,
  });
  app.decorate('notices', notices);
  app.addHook('onClose', () => notices.close());
  return { mailer, store, events, push, vapidKeys, notices };
}

function openMailer(app: FastifyInstance, mail: AppConfig['mail']) {
  const mailer = mail ? createMailer(mail) : undefined;
  if (mailer) app.addHook('onClose', () => mailer.close());
  return mailer;
}

/** Background Web Push delivery, as `app.push`; its keys are made once and kept in the database. */
async function startPush(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
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
  return { push, vapidKeys };
}
