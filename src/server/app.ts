import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BackupService } from './backup/backup-service';
import { systemClock } from './clock';
import { registerEventsRoutes } from './events/events.routes';
import { registerRouteScopes } from './http/route-scopes';
import { registerWebApp } from './http/web-app';
import type { ClientNotices } from './notices/client-notices.service';
import type { PushNotifier } from './push/push-notifier';
import type { ReminderJobs } from './reminders/reminder-jobs';
import type { TrashService } from './trash/trash.service';
import { createAccountServices } from './app/account-services';
import { registerAccountRoutes } from './app/account-routes';
import type { AppDeps } from './app/app-deps';
import { createBackgroundJobs } from './app/background-jobs';
import { createRecordServices } from './app/record-services';
import { registerRequestPipeline } from './app/request-pipeline';
import { openResources } from './app/resources';
import { createServer } from './app/server';
import { registerShopRoutes } from './app/shop-routes';
import { createShopSettings } from './app/shop-settings';
import { registerWorkRoutes } from './app/work-routes';

export type { AppDeps } from './app/app-deps';

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
    /** Automatic client messages (issue 54); tests tick the queue and poll the bot. */
    notices: ClientNotices;
  }
}

/**
 * Builds the whole HTTP application without listening: main.ts listens, tests inject. Keep the
 * steps in this order: Fastify runs hooks in the order they were added, and the request pipeline
 * (src/server/app/request-pipeline.ts) must be in place before the routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = createServer(deps);
  const accounts = createAccountServices(deps, clock, app.log);
  const resources = await openResources(app, deps);
  const records = createRecordServices(app, deps, clock, resources);
  await registerRequestPipeline(app, deps.config, accounts.sessions);
  const shop = createShopSettings(deps, clock, resources.store);
  const { backups } = createBackgroundJobs(app, deps, clock, { ...resources, workRules: shop.workRules });
  const parts = { deps, clock, log: app.log, accounts, resources, records, shop, backups };
  await registerRouteScopes(app, (scopes) => {
    registerAccountRoutes(scopes, parts);
    registerEventsRoutes(scopes, { bus: resources.events, sessions: accounts.sessions });
    registerWorkRoutes(scopes, parts);
    registerShopRoutes(scopes, parts);
  });
  await registerWebApp(app, deps.webRoot === undefined ? defaultWebRoot() : deps.webRoot);
  return app;
}

export function defaultWebRoot(): string {
  return path.resolve('dist/web');
}
