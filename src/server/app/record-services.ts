import type { FastifyInstance } from 'fastify';
import { createClientsService } from '../clients/clients.service';
import type { Clock } from '../clock';
import { createDefaultAssignees } from '../settings/default-assignees';
import { createTasksService } from '../tasks/tasks.service';
import { createTicketsService } from '../tickets/tickets.service';
import { createTrashService } from '../trash/trash.service';
import type { AppDeps } from './app-deps';
import type { AppResources } from './resources';

export type RecordServices = ReturnType<typeof createRecordServices>;

/** Tickets, tasks and clients, and the Корзина (`app.trash`) that purges all three. */
export function createRecordServices(
  app: FastifyInstance,
  deps: AppDeps,
  clock: Clock,
  { store, events, push, notices }: AppResources,
) {
  const { config, database } = deps;
  const defaultAssignees = createDefaultAssignees(database.db);
  const services = { database, clock, store, defaultAssignees, log: app.log, events, push, notices };
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
  return { defaultAssignees, tickets, tasks, clients, trash };
}
