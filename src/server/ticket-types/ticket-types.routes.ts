import type { FastifyRequest } from 'fastify';
import { ticketTypeCreateInput, ticketTypePatchInput } from '../../domain/ticket-types';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { TYPE_NOT_FOUND, type TicketTypes } from './ticket-types.service';

type WithId = { Params: { id: string } };

/** Everyone reads the shop's ticket types (the forms offer them); admins keep them. */
export function registerTicketTypesRoutes({ staff, admins }: RouteScopes, types: TicketTypes) {
  const typeId = (request: FastifyRequest<WithId>) => parseId(request.params.id, TYPE_NOT_FOUND);

  staff.get('/api/ticket-types', async () => ({ types: await types.list() }));

  admins.post('/api/ticket-types', async (request, reply) => {
    const type = await types.create(parsePayload(ticketTypeCreateInput, request.body));
    return reply.status(201).send({ type });
  });

  admins.patch<WithId>('/api/ticket-types/:id', async (request) => ({
    type: await types.update(typeId(request), parsePayload(ticketTypePatchInput, request.body)),
  }));

  admins.delete<WithId>('/api/ticket-types/:id', async (request, reply) => {
    await types.remove(typeId(request));
    return reply.status(204).send();
  });
}
