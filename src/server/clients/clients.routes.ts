import type { FastifyInstance } from 'fastify';
import { clientCreateInput, clientPatchInput } from '../../domain/client-schemas';
import { searchQueryText } from '../../domain/input-text';
import { z } from '../../domain/zod-ru';
import { requireUser } from '../http/current-user';
import { parseId, parsePayload } from '../http/parse';
import { CLIENT_NOT_FOUND_MESSAGE, type ClientsService } from './clients.service';

const listQuery = z.object({
  q: searchQueryText.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export function registerClientsRoutes(app: FastifyInstance, clients: ClientsService) {
  app.get('/api/clients', async (request) => {
    requireUser(request);
    return clients.list(parsePayload(listQuery, request.query));
  });

  app.post('/api/clients', async (request, reply) => {
    const me = requireUser(request);
    const client = await clients.create(me.id, parsePayload(clientCreateInput, request.body));
    return reply.status(201).send({ client });
  });

  app.get<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    requireUser(request);
    return { client: await clients.get(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE)) };
  });

  app.patch<{ Params: { id: string } }>('/api/clients/:id', async (request) => {
    const me = requireUser(request);
    const id = parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE);
    return { client: await clients.update(me.id, id, parsePayload(clientPatchInput, request.body)) };
  });

  app.delete<{ Params: { id: string } }>('/api/clients/:id', async (request, reply) => {
    requireUser(request);
    await clients.remove(parseId(request.params.id, CLIENT_NOT_FOUND_MESSAGE));
    return reply.status(204).send();
  });
}
