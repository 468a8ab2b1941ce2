import { clientCreateInput, clientPatchInput } from '../../domain/client-schemas';
import { searchQueryText } from '../../domain/input-text';
import { z } from '../../domain/zod-ru';
import { userOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { CLIENT_NOT_FOUND_MESSAGE, type ClientsService } from './clients.service';

const listQuery = z.object({
  q: searchQueryText.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export function registerClientsRoutes({ staff }: RouteScopes, clients: ClientsService) {
  staff.get('/api/clients', async (request) => {
    return clients.list(parsePayload(listQuery, request.query));
  });

  staff.post('/api/clients', async (request, reply) => {
    const me = userOf(request);
    const client = await clients.create(me.id, parsePayload(clientCreateInput, request.body));
    return reply.status(201).send({ client });
  });

  staff.get<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    return { client: await clients.get(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE)) };
  });

  staff.patch<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    const me = userOf(request);
    const id = parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE);
    return { client: await clients.update(me.id, id, parsePayload(clientPatchInput, request.body)) };
  });

  staff.delete<{ Params: { id: string } }>('/api/clients/:id', async (request, reply) => {
    await clients.remove(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE));
    return reply.status(204).send();
  });
}
