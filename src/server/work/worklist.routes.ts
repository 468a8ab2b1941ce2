import { worklistQuery } from '../../domain/worklist-query';
import type { RouteScopes } from '../http/route-scopes';
import { parsePayload } from '../http/parse';
import type { WorklistService } from './worklist.service';

export function registerWorklistRoutes({ staff }: RouteScopes, worklist: WorklistService) {
  staff.get('/api/work', async (request) => {
    return worklist.list(parsePayload(worklistQuery, request.query));
  });

  staff.get('/api/work/counts', async (request) => {
    return { counts: await worklist.counts(parsePayload(worklistQuery, request.query)) };
  });
}
