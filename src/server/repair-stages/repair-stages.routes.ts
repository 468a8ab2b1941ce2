import type { FastifyRequest } from 'fastify';
import { repairStageCreateInput, repairStagePatchInput } from '../../domain/repair-stages';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { STAGE_NOT_FOUND, type RepairStages } from './repair-stages.service';

type WithId = { Params: { id: string } };

/** Everyone reads the stages (the card and the worklist show them); «Настройки» keeps them. */
export function registerRepairStagesRoutes({ staff, permitted }: RouteScopes, stages: RepairStages) {
  const keepers = permitted('settings');
  const stageId = (request: FastifyRequest<WithId>) => parseId(request.params.id, STAGE_NOT_FOUND);

  staff.get('/api/repair-stages', async () => ({ stages: await stages.list() }));

  keepers.post('/api/repair-stages', async (request, reply) => {
    const stage = await stages.create(parsePayload(repairStageCreateInput, request.body));
    return reply.status(201).send({ stage });
  });

  keepers.patch<WithId>('/api/repair-stages/:id', async (request) => ({
    stage: await stages.update(stageId(request), parsePayload(repairStagePatchInput, request.body)),
  }));

  keepers.delete<WithId>('/api/repair-stages/:id', async (request, reply) => {
    await stages.remove(stageId(request));
    return reply.status(204).send();
  });
}
