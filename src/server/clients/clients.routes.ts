import { clientCreateInput, clientPatchInput, clientPhone } from '../../domain/client-schemas';
import { clientListQuery } from '../../domain/list-queries';
import { z } from '../../domain/zod-ru';
import { actorOf } from '../http/actor';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { CLIENT_NOT_FOUND_MESSAGE, type ClientsService } from './clients.service';

const samePhoneQuery = z.object({ phone: clientPhone });

export function registerClientsRoutes({ staff }: RouteScopes, clients: ClientsService) {
  staff.get('/api/clients', async (request) => {
    return clients.list(parsePayload(clientListQuery, request.query));
  });

  staff.post('/api/clients', async (request, reply) => {
    const client = await clients.create(actorOf(request), parsePayload(clientCreateInput, request.body));
    return reply.status(201).send({ client });
  });

  staff.get<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    return { client: await clients.get(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE)) };
  });

  staff.patch<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    const id = parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE);
    return {
      client: await clients.update(actorOf(request), id, parsePayload(clientPatchInput, request.body)),
    };
  });

  staff.get<{ Params: { id: string } }>('/api/clients/:id/links', async (request) => {
    return clients.links(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE));
  });

  /** «Это …? Выбрать из справочника»: who already has the phone typed for a new client. */
  staff.get('/api/clients/same-phone', async (request) => {
    const { phone } = parsePayload(samePhoneQuery, request.query);
    return { clients: await clients.withPhone(phone) };
  });
}
