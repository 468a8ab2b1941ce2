import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { parseSearchQuery } from '../../domain/search-text';
import { pickFields } from '../../domain/edit-versions';
import { isProvider } from '../../domain/providers';
import {
  TASK_FIELD_LABELS,
  type TaskCreateData,
  type TaskDetailDto,
  type TaskEditableField,
  type TaskPatchData,
} from '../../domain/task-schemas';
import { closedAtAfter, readTaskStatus, storedTaskStatuses, type TaskStatus } from '../../domain/task-status';
import { findClient } from '../clients/clients.repository';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { LiveOp } from '../../domain/live-events';
import { decodeCursor, pageLimit, toPage } from '../db/paging';
import {
  editConflict,
  judgeSave,
  touchVersioned,
  updateVersioned,
  withVersionRetry,
} from '../db/versioned-write';
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
import { deleteTask, findTask, insertTask, listTasks, type TaskRow } from './tasks.repository';

export const TASK_NOT_FOUND_MESSAGE = 'Задача не найдена';

/** A task's editable fields as the API carries them, to judge a save against. */
function editableValues(row: TaskRow): Record<TaskEditableField, unknown> {
  return {
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    status: readTaskStatus(row.status),
    assigneeId: row.assignee_id,
    clientId: row.client_id,
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
  };
}

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
          search: parseSearchQuery(params.q ?? ''),
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

    /**
     * Writes only the fields that change (closing sets closedAt, any other status
     * clears it), unless someone else changed one of them after the save's version.
     */
    async update(actor: Actor, id: number, patch: TaskPatchData): Promise<TaskDetailDto> {
      const { version: baseVersion, ...fields } = patch;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await findTask(trx, id);
        if (!row) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
        const judged = judgeSave(row, editableValues(row), { fields, baseVersion, actorId: actor.id });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false, assignedTo: null };
        const changes = pickFields(fields, judged.changed);
        const now = clock.now().toISOString();
        const columns: Updateable<TasksTable> = { updated_at: now };
        if (changes.title !== undefined) columns.title = changes.title;
        if (changes.description !== undefined) columns.description = changes.description;
        if (changes.dueDate !== undefined) columns.due_date = changes.dueDate;
        if (changes.deliveryProvider !== undefined) columns.delivery_provider = changes.deliveryProvider;
        if (changes.status !== undefined) {
          columns.status = changes.status;
          columns.closed_at = closedAtAfter(
            changes.status,
            readTaskStatus(row.status) === 'closed' ? row.closed_at : null,
            now,
          );
        }
        let assignedTo: number | null = null;
        if (changes.assigneeId !== undefined) {
          const assignee = await resolveAssignee(trx, changes.assigneeId);
          columns.assignee_id = assignee.id;
          columns.assignee_name = assignee.name;
          assignedTo = assignee.id;
        }
        if (changes.clientId !== undefined) {
          const client = await resolveClient(trx, changes.clientId);
          columns.client_id = client.id;
          columns.client_name = client.name;
        }
        await updateVersioned(trx, 'tasks', row, judged.changed, actor.id, columns);
        await refreshDerived(trx, 'task', id);
        return { conflict: null, changed: true, assignedTo };
      });
      if (outcome.conflict) {
        throw await editConflict(db, outcome.conflict.row, outcome.conflict.fields, TASK_FIELD_LABELS, {
          task: await get(id),
        });
      }
      if (!outcome.changed) return get(id);
      changed(id);
      const task = await get(id);
      if (outcome.assignedTo !== null) {
        push.notify(
          { kind: 'task_assigned', task: { id, title: task.title, assigneeId: outcome.assignedTo } },
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
          await touchVersioned(trx, 'tasks', id, now.toISOString());
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
        await touchVersioned(trx, 'tasks', taskId, clock.now().toISOString());
      });
      await removeStoredQuietly(store, [file.path, file.thumb_path], log);
      changed(taskId);
      return get(taskId);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
