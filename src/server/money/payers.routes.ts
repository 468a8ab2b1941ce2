import type { FastifyRequest } from 'fastify';
import { PAYER_NOT_FOUND } from '../../domain/payers';
import { payerInput, payerPatch, periodQuery } from '../../domain/payer-schemas';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import type { Payers } from './payers.service';

type WithId = { Params: { id: string } };

/** Everyone picks a payer on a ticket; «Настройки» keeps the directory, «Отчёты» reads the statements. */
export function registerPayersRoutes(
  { staff, permitted }: RouteScopes,
  { payers, timeZone }: { payers: Payers; timeZone: () => Promise<string> },
) {
  const payerId = (request: FastifyRequest<WithId>) => parseId(request.params.id, PAYER_NOT_FOUND);

  staff.get('/api/payers', async () => ({ payers: await payers.list() }));

  permitted('settings').post('/api/payers', async (request, reply) => {
    const payer = await payers.create(parsePayload(payerInput, request.body));
    return reply.status(201).send({ payer });
  });

  permitted('settings').patch<WithId>('/api/payers/:id', async (request) => ({
    payer: await payers.update(payerId(request), parsePayload(payerPatch, request.body)),
  }));

  permitted('settings').delete<WithId>('/api/payers/:id', async (request, reply) => {
    await payers.remove(payerId(request));
    return reply.status(204).send();
  });

  permitted('reports').get<WithId>('/api/payers/:id/statement', async (request) => ({
    statement: await payers.statement(
      payerId(request),
      parsePayload(periodQuery, request.query),
      await timeZone(),
    ),
  }));
}
