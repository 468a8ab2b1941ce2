import { clientMergeInput } from '../../domain/client-merge';
import { actorOf } from '../http/actor';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { NOT_FOUND_MESSAGES } from '../../domain/records';
import type { ClientMerges } from './client-merge';

type WithId = { Params: { id: string } };

/** Merging two cards of one person and undoing it: the owner; what a card can undo: everyone reads. */
export function registerClientMergeRoutes({ staff, owners }: RouteScopes, merges: ClientMerges) {
  const clientId = (request: { params: { id: string } }) =>
    parseId(request.params.id, NOT_FOUND_MESSAGES.client);

  staff.get<WithId>('/api/clients/:id/merge', async (request) => ({
    merge: await merges.openMergeOf(clientId(request)),
  }));

  owners.post<WithId>('/api/clients/:id/merge', async (request) => {
    const { intoId } = parsePayload(clientMergeInput, request.body);
    return { merge: await merges.merge(actorOf(request), clientId(request), intoId) };
  });

  owners.post<WithId>('/api/clients/:id/unmerge', async (request) => ({
    merge: await merges.undo(actorOf(request), clientId(request)),
  }));
}
