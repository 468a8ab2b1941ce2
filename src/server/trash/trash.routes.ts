import type { FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGES, RECORD_KINDS, isRecordKind, type RecordKind } from '../../domain/records';
import { trashListQuery } from '../../domain/list-queries';
import { RECORD_TABLES } from '../db/record-tables';
import { AppError } from '../errors';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { actorOf } from '../http/actor';
import type { TrashService } from './trash.service';

type KindAndId = { Params: { kind: string; id: string } };

function kindAndId(request: FastifyRequest<KindAndId>): { kind: RecordKind; id: number } {
  const { kind } = request.params;
  if (!isRecordKind(kind)) throw new AppError('not_found', 'Запись не найдена');
  return { kind, id: parseId(request.params.id, NOT_FOUND_MESSAGES[kind]) };
}

/**
 * Deleting a ticket, task or client (any signed-in user, spec §6) moves it to the
 * Корзина; anyone restores it; those allowed to delete for good delete one or empty the Корзина (issue 52: each a permission).
 */
export function registerTrashRoutes({ staff, permitted }: RouteScopes, trash: TrashService) {
  const deleters = permitted('trash.delete');
  const purgers = permitted('trash.purge');
  for (const kind of RECORD_KINDS) {
    deleters.delete<{ Params: { id: string } }>(`/api/${RECORD_TABLES[kind]}/:id`, async (request, reply) => {
      await trash.moveToTrash(actorOf(request), kind, parseId(request.params.id, NOT_FOUND_MESSAGES[kind]));
      return reply.status(204).send();
    });
  }

  staff.get('/api/trash', async (request) => {
    return trash.list(parsePayload(trashListQuery, request.query).cursor);
  });

  staff.post<KindAndId>('/api/trash/:kind/:id/restore', async (request, reply) => {
    const { kind, id } = kindAndId(request);
    await trash.restore(actorOf(request), kind, id);
    return reply.status(204).send();
  });

  purgers.delete<KindAndId>('/api/trash/:kind/:id', async (request, reply) => {
    const { kind, id } = kindAndId(request);
    await trash.deleteForever(kind, id);
    return reply.status(204).send();
  });

  purgers.delete('/api/trash', async () => {
    return { deleted: await trash.empty() };
  });
}
