import type { FastifyRequest } from 'fastify';
import { taskCreateInput, taskPatchInput } from '../../domain/task-schemas';
import { taskListQuery } from '../../domain/list-queries';
import type { FileStore } from '../files/file-store';
import { receiveUploads } from '../files/receive-uploads';
import type { UploadLimits } from '../files/upload-limits';
import { actorOf } from '../http/actor';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import { TASK_NOT_FOUND_MESSAGE, type TasksService } from './tasks.service';

type WithId = { Params: { id: string } };

export function registerTasksRoutes(
  { staff }: RouteScopes,
  { tasks, store, uploadLimits }: { tasks: TasksService; store: FileStore; uploadLimits: UploadLimits },
) {
  const taskId = (request: FastifyRequest<WithId>) => parseId(request.params.id, TASK_NOT_FOUND_MESSAGE);

  staff.get('/api/tasks', async (request) => {
    return tasks.list(parsePayload(taskListQuery, request.query));
  });

  staff.post('/api/tasks', async (request, reply) => {
    const task = await tasks.create(actorOf(request), parsePayload(taskCreateInput, request.body));
    return reply.status(201).send({ task });
  });

  staff.get<WithId>('/api/tasks/:id', async (request) => {
    return { task: await tasks.get(taskId(request)) };
  });

  staff.patch<WithId>('/api/tasks/:id', async (request) => {
    const patch = parsePayload(taskPatchInput, request.body);
    return { task: await tasks.update(actorOf(request), taskId(request), patch) };
  });

  staff.post<WithId>('/api/tasks/:id/photos', async (request) => {
    const id = taskId(request);
    const received = await receiveUploads(request, store, { limits: uploadLimits, imagesOnly: true });
    return { task: await tasks.uploadPhotos(actorOf(request), id, received) };
  });

  staff.delete<{ Params: { id: string; fileId: string } }>(
    '/api/tasks/:id/photos/:fileId',
    async (request) => {
      const fileId = parseId(request.params.fileId, 'Файл не найден');
      return { task: await tasks.deletePhoto(actorOf(request), taskId(request), fileId) };
    },
  );
}
