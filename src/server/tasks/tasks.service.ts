import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { normalizeSearchText } from '../../domain/search-text';
import type { TaskCreateData, TaskDetailDto, TaskPatchData } from '../../domain/task-schemas';
import { closedAtAfter, readTaskStatus, storedTaskStatuses, type TaskStatus } from '../../domain/task-status';
import { findClient } from '../clients/clients.repository';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { LiveOp } from '../../domain/live-events';
import { decodeCursor, pageLimit, toPage } from '../db/paging';
import type { DB, TasksTable } from '../db/schema';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import type { PushNotifier } from '../push/push-notifier';
import { deleteFileRow, findFile, listTaskFiles } from '../files/files.repository';
import { discardTemps, type ReceivedFile } from '../files/receive-uploads';
import { removeStoredQuietly, storeUploads } from '../files/store-uploads';
import { toStoredFileDto } from '../files/stored-file-dto';
import type { DefaultAssignees } from '../settings/default-assignees';
import { resolveAssignee } from '../users/resolve-assignee';
import { refreshDerived } from '../work/derived-columns';
import { toTaskDto } from './task-dto';
import { deleteTask, findTask, insertTask, listTasks, updateTask } from './tasks.repository';

export const TASK_NOT_FOUND_MESSAGE = 'Задача не найдена';

interface Actor {
  id: number;
  displayName: string;
}

interface Deps {
  events: EventBus;
  /** Tells the assignee by Web Push, after commit. */
  push: Pick<PushNotifier, 'notify'>;
  database: Database;
  clock: Clock;
  store: FileStore;
  defaultAssignees: DefaultAssignees;
  log: FastifyBaseLogger;
}

export function createTasksService({ database, clock, store, defaultAssignees, log, events, push }: Deps) {
  const changed = (id: number, op: LiveOp = 'update') => events.publish({ entity: 'task', id, op });
  const { db } = database;

  async function get(id: number): Promise<TaskDetailDto> {
    const row = await findTask(db, id);
    if (!row) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
    const files = await listTaskFiles(db, id);
    return { ...toTaskDto(row), photos: files.map(toStoredFileDto) };
  }

  async function resolveClient(trx: Kysely<DB>, id: number | null) {
    if (id === null) return { id: null, name: '' };
    const client = await findClient(trx, id);
    if (!client) throw new AppError('bad_request', 'Клиент не найден, выберите другого');
    return { id: client.id, name: client.full_name };
  }

  return {
    get,

    async list(params: {
      status?: TaskStatus;
      clientId?: number;
      q?: string;
      cursor?: string;
      limit?: number;
    }) {
      const limit = pageLimit(params.limit);
      const rows = await listTasks(
        db,
        {
          statuses: params.status ? storedTaskStatuses(params.status) : undefined,
          clientId: params.clientId,
          text: params.q?.trim() ? normalizeSearchText(params.q) : undefined,
        },
        decodeCursor(params.cursor),
        limit,
      );
      return toPage(rows, limit, toTaskDto);
    },

    async create(actor: Actor, input: TaskCreateData): Promise<TaskDetailDto> {
      const now = clock.now().toISOString();
      const assigneeId =
        input.assigneeId === undefined ? (await defaultAssignees.get()).taskAssigneeId : input.assigneeId;
      const created = await db.transaction().execute(async (trx) => {
        const assignee = await resolveAssignee(trx, assigneeId);
        const client = await resolveClient(trx, input.clientId);
        const taskId = await insertTask(trx, {
          title: input.title,
          description: input.description,
          due_date: input.dueDate,
          status: input.status,
          assignee_id: assignee.id,
          assignee_name: assignee.name,
          client_id: client.id,
          client_name: client.name,
          delivery_provider: input.deliveryProvider,
          created_by: actor.id,
          created_by_name: actor.displayName,
          created_at: now,
          updated_at: now,
          closed_at: closedAtAfter(input.status, null, now),
          search_text: '',
        });
        await refreshDerived(trx, 'task', taskId);
        return { taskId, assigneeId: assignee.id };
      });
      changed(created.taskId, 'create');
      push.notify(
        {
          kind: 'task_created',
          task: { id: created.taskId, title: input.title, assigneeId: created.assigneeId },
        },
        actor.id,
      );
      return get(created.taskId);
    },

    /** Writes only the fields sent; closing sets closedAt, any other status clears it. */
    async update(actor: Actor, id: number, patch: TaskPatchData): Promise<TaskDetailDto> {
      const assignedTo = await db.transaction().execute(async (trx) => {
        const row = await findTask(trx, id);
        if (!row) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
        const now = clock.now().toISOString();
        const changes: Updateable<TasksTable> = { updated_at: now };
        if (patch.title !== undefined) changes.title = patch.title;
        if (patch.description !== undefined) changes.description = patch.description;
        if (patch.dueDate !== undefined) changes.due_date = patch.dueDate;
        if (patch.deliveryProvider !== undefined) changes.delivery_provider = patch.deliveryProvider;
        if (patch.status !== undefined) {
          changes.status = patch.status;
          changes.closed_at = closedAtAfter(
            patch.status,
            readTaskStatus(row.status) === 'closed' ? row.closed_at : null,
            now,
          );
        }
        let newAssignee: number | null = null;
        if (patch.assigneeId !== undefined) {
          const assignee = await resolveAssignee(trx, patch.assigneeId);
          changes.assignee_id = assignee.id;
          changes.assignee_name = assignee.name;
          if (assignee.id !== row.assignee_id) newAssignee = assignee.id;
        }
        if (patch.clientId !== undefined) {
          const client = await resolveClient(trx, patch.clientId);
          changes.client_id = client.id;
          changes.client_name = client.name;
        }
        await updateTask(trx, id, changes);
        await refreshDerived(trx, 'task', id);
        return newAssignee;
      });
      changed(id);
      const task = await get(id);
      if (assignedTo !== null) {
        push.notify(
          { kind: 'task_assigned', task: { id, title: task.title, assigneeId: assignedTo } },
          actor.id,
        );
      }
      return task;
    },

    async remove(id: number): Promise<void> {
      const files = await listTaskFiles(db, id);
      if (!(await deleteTask(db, id))) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
      changed(id, 'delete');
      await removeStoredQuietly(
        store,
        files.flatMap((f) => [f.path, f.thumb_path]),
        log,
      );
      try {
        await store.removeFolder(`tasks/${id}`);
      } catch (error) {
        log.warn({ err: error, taskId: id }, 'could not delete task folder');
      }
    },

    async uploadPhotos(actor: Actor, id: number, received: ReceivedFile[]): Promise<TaskDetailDto> {
      const written: string[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await findTask(trx, id))) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
          const now = clock.now();
          await storeUploads(
            trx,
            store,
            received,
            { taskId: id, kind: 'photo', folder: `tasks/${id}/photos` },
            { userId: actor.id, userName: actor.displayName, now },
            written,
          );
          await updateTask(trx, id, { updated_at: now.toISOString() });
        });
      } catch (error) {
        await removeStoredQuietly(store, written, log);
        throw error;
      } finally {
        await discardTemps(received);
      }
      changed(id);
      return get(id);
    },

    async deletePhoto(taskId: number, fileId: number): Promise<TaskDetailDto> {
      const file = await findFile(db, fileId);
      if (!file || file.task_id !== taskId) throw new AppError('not_found', 'Файл не найден');
      await db.transaction().execute(async (trx) => {
        await deleteFileRow(trx, fileId);
        await updateTask(trx, taskId, { updated_at: clock.now().toISOString() });
      });
      await removeStoredQuietly(store, [file.path, file.thumb_path], log);
      changed(taskId);
      return get(taskId);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
