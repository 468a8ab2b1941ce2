import type { FastifyRequest } from 'fastify';
import { ticketCreateInput, ticketPatchInput, ticketStepInput } from '../../domain/ticket-schemas';
import { ticketListQuery } from '../../domain/list-queries';
import { ticketReopenInput } from '../../domain/ticket-closing';
import { messageSentInput } from '../../domain/client-message';
import type { FileStore } from '../files/file-store';
import { receiveUploads } from '../files/receive-uploads';
import type { UploadLimits } from '../files/upload-limits';
import { actorOf } from '../http/actor';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { TICKET_NOT_FOUND_MESSAGE, type TicketsService } from './tickets.service';

type WithId = { Params: { id: string } };

export function registerTicketsRoutes(
  { staff }: RouteScopes,
  { tickets, store, uploadLimits }: { tickets: TicketsService; store: FileStore; uploadLimits: UploadLimits },
) {
  const ticketId = (request: FastifyRequest<WithId>) => parseId(request.params.id, TICKET_NOT_FOUND_MESSAGE);

  staff.get('/api/tickets', async (request) => {
    return tickets.list(parsePayload(ticketListQuery, request.query));
  });

  staff.get('/api/tickets/legacy-statuses', async () => {
    return { statuses: await tickets.legacyStatusesInUse() };
  });

  staff.post('/api/tickets', async (request, reply) => {
    const actor = actorOf(request);
    const ticket = await tickets.create(actor, parsePayload(ticketCreateInput, request.body));
    return reply.status(201).send({ ticket });
  });

  staff.get<WithId>('/api/tickets/:id', async (request) => {
    return { ticket: await tickets.get(ticketId(request)) };
  });

  staff.patch<WithId>('/api/tickets/:id', async (request) => {
    const actor = actorOf(request);
    return {
      ticket: await tickets.update(actor, ticketId(request), parsePayload(ticketPatchInput, request.body)),
    };
  });

  staff.post<WithId>('/api/tickets/:id/status-link', async (request) => {
    return { ticket: await tickets.replaceStatusLink(actorOf(request), ticketId(request)) };
  });

  staff.post<WithId>('/api/tickets/:id/messages', async (request) => {
    const { channel } = parsePayload(messageSentInput, request.body);
    return { ticket: await tickets.recordMessage(actorOf(request), ticketId(request), channel) };
  });

  staff.post<WithId>('/api/tickets/:id/step', async (request) => {
    const actor = actorOf(request);
    return {
      ticket: await tickets.step(actor, ticketId(request), parsePayload(ticketStepInput, request.body)),
    };
  });

  staff.post<WithId>('/api/tickets/:id/reopen', async (request) => {
    const actor = actorOf(request);
    return {
      ticket: await tickets.reopen(actor, ticketId(request), parsePayload(ticketReopenInput, request.body)),
    };
  });

  staff.post<WithId>('/api/tickets/:id/warranty-return', async (request, reply) => {
    const ticket = await tickets.warrantyReturn(actorOf(request), ticketId(request));
    return reply.status(201).send({ ticket });
  });

  for (const [path, kind] of [
    ['files', 'file'],
    ['pvz-photos', 'pvz'],
  ] as const) {
    staff.post<WithId>(`/api/tickets/:id/${path}`, async (request) => {
      const actor = actorOf(request);
      const id = ticketId(request);
      const received = await receiveUploads(request, store, {
        limits: uploadLimits,
        imagesOnly: kind === 'pvz',
      });
      return { ticket: await tickets.upload(actor, id, kind, received) };
    });
  }

  staff.delete<{ Params: { id: string; fileId: string } }>(
    '/api/tickets/:id/files/:fileId',
    async (request) => {
      const actor = actorOf(request);
      const fileId = parseId(request.params.fileId, 'Файл не найден');
      return { ticket: await tickets.deleteFile(actor, ticketId(request), fileId) };
    },
  );
}
