import type { FastifyInstance } from 'fastify';
import { worklistQuery } from '../../domain/worklist-query';
import { requireUser } from '../http/current-user';
import { parsePayload } from '../http/parse';
import type { WorklistService } from './worklist.service';

export function registerWorklistRoutes(app: FastifyInstance, worklist: WorklistService) {
  app.get('/api/work', async (request) => {
    requireUser(request);
    return worklist.list(parsePayload(worklistQuery, request.query));
  });
}
