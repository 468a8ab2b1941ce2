import type { FastifyReply } from 'fastify';
import { formatCalendarDate } from '../../domain/calendar-date';
import { formatDateTimeIn } from '../../domain/date-time';
import { PROVIDER_LABELS, type Provider } from '../../domain/providers';
import { TASK_STATUS_LABELS, readTaskStatus } from '../../domain/task-status';
import { INTAKE_LABELS, isTicketStatus, ticketStatusLabel } from '../../domain/ticket-status';
import { ticketNumber } from '../../domain/ticket-number';
import { worklistQuery } from '../../domain/worklist-query';
import type { ClientsService } from '../clients/clients.service';
import { clientListQuery, taskListQuery, ticketListQuery } from '../../domain/list-queries';
import { parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import type { TasksService } from '../tasks/tasks.service';
import type { TicketsService } from '../tickets/tickets.service';
import type { WorklistService } from '../work/worklist.service';
import { csvFileName, csvPages, PAGE, sendCsv } from './csv-download';

// CSV export (issue 21) of the worklist, tickets, tasks and clients with the filters on screen,
// streamed page by page (csv-download.ts).

/** The list's filters without its paging: the export walks every page itself. */
function withoutPaging<T extends { cursor?: string; limit?: number }>(query: T): Omit<T, 'cursor' | 'limit'> {
  const { cursor, limit, ...filters } = query;
  void cursor;
  void limit;
  return filters;
}

const provider = (value: Provider | null) => (value ? PROVIDER_LABELS[value] : '');

export function registerExportRoutes(
  { permitted }: RouteScopes,
  deps: {
    worklist: WorklistService;
    tickets: TicketsService;
    tasks: TasksService;
    clients: ClientsService;
    timeZone: () => Promise<string>;
    now: () => Date;
  },
) {
  // «Выгрузки CSV» (issue 52): the whole client base must not leave with anyone.
  const exporters = permitted('export');
  /** Sends the stream as a download named `<name>-<shop date>.csv`. */
  async function send(
    reply: FastifyReply,
    name: string,
    lines: (timeZone: string) => Promise<AsyncGenerator<string>>,
  ) {
    const timeZone = await deps.timeZone();
    return sendCsv(reply, csvFileName(name, timeZone, deps.now()), await lines(timeZone));
  }
  const at = (timeZone: string) => (iso: string | null) => (iso ? formatDateTimeIn(iso, timeZone) : '');

  exporters.get('/api/export/work.csv', async (request, reply) => {
    const query = withoutPaging(parsePayload(worklistQuery, request.query));
    return send(reply, 'zadachi', (timeZone) =>
      csvPages(
        [
          'Тип',
          'Номер',
          'Название',
          'Клиент',
          'Телефон клиента',
          'Устройство',
          'Исполнитель',
          'Статус',
          'Срок',
          'Создано',
          'Закрыто',
        ],
        (cursor) => deps.worklist.list({ ...query, cursor, limit: PAGE }),
        (item) => [
          item.kind === 'ticket' ? 'Заявка' : 'Задача',
          ticketNumber(item.id),
          item.title,
          item.clientName,
          item.clientPhone,
          item.device,
          item.assigneeName,
          item.kind === 'ticket'
            ? isTicketStatus(item.status)
              ? ticketStatusLabel(item.status, item.intake)
              : item.status
            : TASK_STATUS_LABELS[readTaskStatus(item.status)],
          formatCalendarDate(item.dueDate),
          at(timeZone)(item.createdAt),
          at(timeZone)(item.closedAt),
        ],
      ),
    );
  });

  exporters.get('/api/export/tickets.csv', async (request, reply) => {
    const query = withoutPaging(parsePayload(ticketListQuery, request.query));
    return send(reply, 'zayavki', (timeZone) =>
      csvPages(
        [
          'Номер',
          'Название',
          'Клиент',
          'Телефон клиента',
          'Как принят',
          'Устройство',
          'Серийный номер',
          'Исполнитель',
          'Статус',
          'Служба доставки',
          'Служба возврата',
          'Срок',
          'Создано',
          'Закрыто',
        ],
        (cursor) => deps.tickets.list({ ...query, cursor, limit: PAGE }),
        (ticket) => [
          ticketNumber(ticket.id),
          ticket.title,
          ticket.clientName,
          ticket.clientPhone,
          INTAKE_LABELS[ticket.intake],
          ticket.device,
          ticket.serialNumber,
          ticket.assigneeName,
          ticketStatusLabel(ticket.status, ticket.intake),
          provider(ticket.deliveryProvider),
          provider(ticket.returnProvider),
          formatCalendarDate(ticket.dueDate),
          at(timeZone)(ticket.createdAt),
          at(timeZone)(ticket.closedAt),
        ],
      ),
    );
  });

  exporters.get('/api/export/tasks.csv', async (request, reply) => {
    const query = withoutPaging(parsePayload(taskListQuery, request.query));
    return send(reply, 'zadachi-otdelno', (timeZone) =>
      csvPages(
        [
          'Номер',
          'Название',
          'Описание',
          'Клиент',
          'Исполнитель',
          'Статус',
          'Служба',
          'Срок',
          'Создано',
          'Закрыто',
        ],
        (cursor) => deps.tasks.list({ ...query, cursor, limit: PAGE }),
        (task) => [
          ticketNumber(task.id),
          task.title,
          task.description,
          task.clientName,
          task.assigneeName,
          TASK_STATUS_LABELS[task.status],
          provider(task.deliveryProvider),
          formatCalendarDate(task.dueDate),
          at(timeZone)(task.createdAt),
          at(timeZone)(task.closedAt),
        ],
      ),
    );
  });

  exporters.get('/api/export/clients.csv', async (request, reply) => {
    const query = withoutPaging(parsePayload(clientListQuery, request.query));
    return send(reply, 'klienty', (timeZone) =>
      csvPages(
        ['ФИО', 'Телефон', 'Гарантия', 'Адрес', 'Комментарий', 'Создан'],
        (cursor) => deps.clients.list({ ...query, cursor, limit: PAGE }),
        (client) => [
          client.fullName,
          client.phone,
          client.warranty,
          client.address,
          client.comment,
          at(timeZone)(client.createdAt),
        ],
      ),
    );
  });
}
