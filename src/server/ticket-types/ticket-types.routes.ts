import type { FastifyRequest } from 'fastify';
import { ticketTypeCreateInput, ticketTypePatchInput } from '../../domain/ticket-types';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { TYPE_NOT_FOUND, type TicketTypes } from './ticket-types.service';

type WithId = { Params: { id: string } };

/** Everyone reads the shop's ticket types (the forms offer them); «Настройки» keeps them. */
export function registerTicketTypesRoutes({ staff, permitted }: RouteScopes, types: TicketTypes) {
  const keepers = permitted('settings');
  const typeId = (request: FastifyRequest<WithId>) => parseId(request.params.id, TYPE_NOT_FOUND);

  staff.get('/api/ticket-types', async () => ({ types: await types.list() }));

  keepers.post('/api/ticket-types', async (request, reply) => {
    const type = await types.create(parsePayload(ticketTypeCreateInput, request.body));
    return reply.status(201).send({ type });
  });

  keepers.patch<WithId>('/api/ticket-types/:id', async (request) => ({
    type: await types.update(typeId(request), parsePayload(ticketTypePatchInput, request.body)),
  }));

  keepers.delete<WithId>('/api/ticket-types/:id', async (request, reply) => {
    await types.remove(typeId(request));
    return reply.status(204).send();
  });
}
