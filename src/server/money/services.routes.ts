import type { FastifyRequest } from 'fastify';
import { SERVICE_NOT_FOUND, serviceInput, servicePatch } from '../../domain/money-schemas';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import type { Services } from './services.service';

type WithId = { Params: { id: string } };

/** Everyone reads the catalogue (a work line starts from it); «Настройки» keeps it. */
export function registerServicesRoutes({ staff, permitted }: RouteScopes, services: Services) {
  const keepers = permitted('settings');
  const serviceId = (request: FastifyRequest<WithId>) => parseId(request.params.id, SERVICE_NOT_FOUND);

  staff.get('/api/services', async () => ({ services: await services.list() }));

  keepers.post('/api/services', async (request, reply) => {
    const service = await services.create(parsePayload(serviceInput, request.body));
    return reply.status(201).send({ service });
  });

  keepers.patch<WithId>('/api/services/:id', async (request) => ({
    service: await services.update(serviceId(request), parsePayload(servicePatch, request.body)),
  }));

  keepers.delete<WithId>('/api/services/:id', async (request, reply) => {
    await services.remove(serviceId(request));
    return reply.status(204).send();
  });
}
