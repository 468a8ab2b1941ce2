import { registerClientsRoutes } from '../clients/clients.routes';
import { registerCommentsRoutes } from '../comments/comments.routes';
import { createCommentsService } from '../comments/comments.service';
import { createClientMerges } from '../clients/client-merge';
import { registerClientMergeRoutes } from '../clients/client-merge.routes';
import { registerDashboardRoutes } from '../dashboard/dashboard.routes';
import { createDashboardService } from '../dashboard/dashboard.service';
import { registerExportRoutes } from '../export/export.routes';
import type { RouteScopes } from '../http/route-scopes';
import { registerTasksRoutes } from '../tasks/tasks.routes';
import { registerSheetImportRoutes } from '../sheet-import/sheet-import.routes';
import { createSheetImports } from '../sheet-import/sheet-import.service';
import { registerTicketsRoutes } from '../tickets/tickets.routes';
import { registerWorklistRoutes } from '../work/worklist.routes';
import { createWorklistService } from '../work/worklist.service';
import type { AppParts } from './app-parts';

/**
 * The records and the views over them: clients, tickets, tasks, comments, the worklist, export,
 * the dashboard, and the import from another system's spreadsheet.
 */
export function registerWorkRoutes(scopes: RouteScopes, parts: AppParts) {
  const { database } = parts.deps;
  const { clock } = parts;
  const { store, events } = parts.resources;
  const { clients, tickets, tasks } = parts.records;
  const { uploadLimits, workRules } = parts.shop;
  registerClientsRoutes(scopes, clients);
  registerClientMergeRoutes(scopes, createClientMerges({ db: database.db, clock, events }));
  registerTicketsRoutes(scopes, { tickets, store, uploadLimits });
  registerTasksRoutes(scopes, { tasks, store, uploadLimits });
  const { push } = parts.resources;
  const comments = createCommentsService({ db: database.db, clock, store, events, push, log: parts.log });
  registerCommentsRoutes(scopes, { comments, store, uploadLimits });
  const imports = createSheetImports({
    database,
    clock,
    events,
    log: parts.log,
    timeZone: async () => (await workRules.get()).timeZone,
  });
  scopes.owners.addHook('onClose', () => imports.idle());
  registerSheetImportRoutes(scopes, { imports, store, uploadLimits });
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
}
