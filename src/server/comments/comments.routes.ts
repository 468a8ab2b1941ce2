import type { FastifyRequest } from 'fastify';
import { COMMENT_NOT_FOUND_MESSAGE, type CommentKind } from '../../domain/comments';
import {
  commentCreateInput,
  commentDeleteQuery,
  commentEditInput,
  commentPageQuery,
} from '../../domain/comment-schemas';
import { NOT_FOUND_MESSAGES } from '../../domain/records';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import { discardTemps, receiveUploads, type ReceivedFile } from '../files/receive-uploads';
import type { UploadLimits } from '../files/upload-limits';
import { actorOf } from '../http/actor';
import { userOf } from '../http/current-user';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import type { CommentsService } from './comments.service';

type WithId = { Params: { id: string } };

/** A comment with photos comes as multipart: its JSON in the field `comment`, then the photos. */
async function commentPayload(
  request: FastifyRequest,
  store: FileStore,
  uploadLimits: UploadLimits,
): Promise<{ payload: unknown; photos: ReceivedFile[] }> {
  if (!request.isMultipart()) return { payload: request.body, photos: [] };
  const fields: Record<string, string> = {};
  const photos = await receiveUploads(request, store, { limits: uploadLimits, imagesOnly: true, fields });
  try {
    return { payload: JSON.parse(fields.comment ?? '') as unknown, photos };
  } catch {
    await discardTemps(photos);
    throw new AppError('bad_request', 'Некорректный комментарий: обновите страницу и отправьте снова');
  }
}

/** Comments on tickets and tasks, and the signed-in person's mentions (issue 55). */
export function registerCommentsRoutes(
  { staff }: RouteScopes,
  {
    comments,
    store,
    uploadLimits,
  }: { comments: CommentsService; store: FileStore; uploadLimits: UploadLimits },
) {
  for (const [kind, base] of [
    ['ticket', '/api/tickets'],
    ['task', '/api/tasks'],
  ] as [CommentKind, string][]) {
    const itemId = (request: FastifyRequest<WithId>) => parseId(request.params.id, NOT_FOUND_MESSAGES[kind]);

    staff.get<WithId>(`${base}/:id/comments`, async (request) => {
      const { before } = parsePayload(commentPageQuery, request.query);
      return comments.list(kind, itemId(request), before);
    });

    staff.post<WithId>(`${base}/:id/comments`, async (request, reply) => {
      const id = itemId(request);
      const { payload, photos } = await commentPayload(request, store, uploadLimits);
      let input;
      try {
        input = parsePayload(commentCreateInput, payload);
      } catch (error) {
        await discardTemps(photos);
        throw error;
      }
      const { comment, created } = await comments.create(actorOf(request), kind, id, input, photos);
      return reply.status(created ? 201 : 200).send({ comment });
    });
  }

  const commentId = (request: FastifyRequest<WithId>) =>
    parseId(request.params.id, COMMENT_NOT_FOUND_MESSAGE);

  staff.patch<WithId>('/api/comments/:id', async (request) => {
    const input = parsePayload(commentEditInput, request.body);
    return { comment: await comments.edit(actorOf(request), commentId(request), input) };
  });

  staff.delete<WithId>('/api/comments/:id', async (request) => {
    const { version } = parsePayload(commentDeleteQuery, request.query);
    return { comment: await comments.remove(actorOf(request), commentId(request), version) };
  });

  staff.get('/api/mentions', async (request) => comments.mentions(userOf(request).id));

  staff.post<WithId>('/api/mentions/:id/read', async (request, reply) => {
    const id = parseId(request.params.id, 'Упоминание не найдено');
    await comments.markRead(userOf(request).id, id);
    return reply.status(204).send();
  });
}
