import { WORK_STATES } from '../../domain/worklist';
import { planSearch } from '../search';
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
import { decodeCreatedCursor, pageLimit, toPage } from '../db/paging';
import { editConflict, judgeSave, updateVersioned, withVersionRetry } from '../db/versioned-write';
import { AppError } from '../errors';
import type { ReceivedFile } from '../files/receive-uploads';
import { toStoredFileDto } from '../files/stored-file-dto';
import { resolveAssignee } from '../users/resolve-assignee';
import { derivedColumns, refreshDerived } from '../work/derived-columns';
import type { Actor } from '../http/actor';
import { itemServiceParts, type ItemServiceDeps } from '../work-items/item-service-deps';
import { TASK_KIND, TASK_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import { assigneeOrDefault, resolveClient, resolvePartyChanges } from '../work-items/item-parties';
import { refuseInTrash } from '../trash/trash-marks';
import { toTaskDto } from './task-dto';
import { historyHead } from '../history/history-reader';
import { historyFor, writeHistory } from '../history/history-writer';
import { describeTaskEdit } from './task-history';
import { findTask, insertTask, listTasks, type TaskRow } from './tasks.repository';
import { createdWorkMove, workFactsOf, workMoveFrom } from '../work/work-moves';
import { isoNow } from '../clock';

export { TASK_NOT_FOUND_MESSAGE };

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

export function createTasksService(deps: ItemServiceDeps) {
  const { clock, defaultAssignees, push } = deps;
  const { db, files, changed } = itemServiceParts(deps, TASK_KIND);

  async function get(id: number): Promise<TaskDetailDto> {
    const row = await findTask(db, id);
    if (!row) throw new AppError('not_found', TASK_NOT_FOUND_MESSAGE);
    const [head, photos] = await Promise.all([historyHead(db, 'task', id), files.listFiles(db, id)]);
    return {
      ...toTaskDto(row),
      ...head,
      clientInTrash: row.client_deleted_at !== null,
      photos: photos.map(toStoredFileDto),
    };
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
      const search = parseSearchQuery(params.q ?? '');
      const rows = await listTasks(
        db,
        {
          searchPlan: await planSearch(deps.database, 'tasks', search, WORK_STATES),
          statuses: params.status ? storedTaskStatuses(params.status) : undefined,
          clientId: params.clientId,
        },
        decodeCreatedCursor(params.cursor),
        limit,
      );
      return toPage(rows, limit, toTaskDto);
    },

    async create(actor: Actor, input: TaskCreateData): Promise<TaskDetailDto> {
      const now = isoNow(clock);
      const assigneeId = await assigneeOrDefault(input.assigneeId, defaultAssignees, 'task');
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
        const work = await createdWorkMove(trx, 'task', taskId);
        const entry = historyFor('task', taskId, actor, now);
        await writeHistory(trx, [
          entry({ action: 'create', note: input.title }),
          ...(assignee.id ? [entry({ action: 'assign', newValue: assignee.name })] : []),
          ...(client.id ? [entry({ action: 'set_client', newValue: client.name })] : []),
        ]);
        return { taskId, assigneeId: assignee.id, work };
      });
      changed(created.taskId, 'create', undefined, created.work);
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
        refuseInTrash('task', row);
        const judged = judgeSave(row, editableValues(row), { fields, baseVersion, actorId: actor.id });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false, assignedTo: null };
        const changes = pickFields(fields, judged.changed);
        const now = isoNow(clock);
        const { columns, history } = describeTaskEdit(row, changes, now);
        const parties = await resolvePartyChanges(trx, row, changes);
        history.push(...parties.history);
        const written = { ...columns, ...parties.columns, updated_at: now };
        // One read, one write: the derived columns are computed from the row as it will be.
        const version = await updateVersioned(trx, 'tasks', row, judged.changed, actor.id, {
          ...written,
          ...derivedColumns('task', id, { ...row, ...written, client_phone: parties.clientPhone }),
        });
        await writeHistory(trx, history.map(historyFor('task', id, actor, now)));
        return {
          conflict: null,
          changed: true,
          assignedTo: parties.assignedTo,
          version,
          work: await workMoveFrom(trx, 'task', id, workFactsOf(row)),
        };
      });
      if (outcome.conflict) {
        throw await editConflict(db, outcome.conflict.row, outcome.conflict.fields, TASK_FIELD_LABELS, {
          task: await get(id),
        });
      }
      if (!outcome.changed) return get(id);
      changed(id, 'update', outcome.version, outcome.work);
      const task = await get(id);
      if (outcome.assignedTo !== null) {
        push.notify(
          { kind: 'task_assigned', task: { id, title: task.title, assigneeId: outcome.assignedTo } },
          actor.id,
        );
      }
      return task;
    },

    /** For good, with history and photos (from the Корзина). */
    purge: (id: number, deletedBefore?: string) => files.purgeWithFiles(id, deletedBefore),

    async uploadPhotos(actor: Actor, id: number, received: ReceivedFile[]): Promise<TaskDetailDto> {
      await files.storeFiles(actor, id, received, {
        kind: 'photo',
        subfolder: 'photos',
        record: (trx, now, stored) =>
          writeHistory(
            trx,
            stored.map((f) =>
              historyFor('task', id, actor, now)({ action: 'upload_photo', note: f.name, fileId: f.id }),
            ),
          ),
      });
      // Photos show on the card only, in no list.
      changed(id, 'update', undefined, 'unchanged');
      return get(id);
    },

    async deletePhoto(actor: Actor, taskId: number, fileId: number): Promise<TaskDetailDto> {
      await files.deleteFile(taskId, fileId, (trx, file, now) =>
        writeHistory(trx, [
          historyFor(
            'task',
            taskId,
            actor,
            now,
          )({ action: 'delete_photo', note: file.name, fileId: file.id }),
        ]),
      );
      changed(taskId, 'update', undefined, 'unchanged');
      return get(taskId);
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
