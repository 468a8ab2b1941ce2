import { dueDateSchema } from './due-date-schema';
import { baseVersionSchema } from './edit-versions';
import { lineText, multiLineText, recordId } from './input-text';
import { PROVIDERS, type Provider } from './providers';
import type { StoredFileDto } from './ticket-schemas';
import { TASK_STATUSES, type TaskStatus } from './task-status';
import type { HistoryHead } from './history';
import { z } from './zod-ru';

export const TASK_TITLE_LIMIT = 200;
const TEXT_LIMIT = 5000;

const title = lineText('Название', TASK_TITLE_LIMIT, { required: 'Введите название задачи' });
const description = multiLineText('Описание', TEXT_LIMIT);
const status = z.enum(TASK_STATUSES, { error: 'Выберите статус из списка' });
const userId = recordId('Выберите исполнителя из списка').nullable();
const clientId = recordId('Выберите клиента из списка').nullable();
const provider = z.enum(PROVIDERS, { error: 'Выберите службу доставки из списка' }).nullable();

export const taskCreateInput = z.object({
  title,
  description: description.default(''),
  dueDate: dueDateSchema.default(null),
  status: status.default('new'),
  /** Omitted: the admin's default assignee for tasks; null: nobody. */
  assigneeId: userId.optional(),
  clientId: clientId.default(null),
  deliveryProvider: provider.default(null),
});
export type TaskCreateInput = z.input<typeof taskCreateInput>;
export type TaskCreateData = z.output<typeof taskCreateInput>;

/** Only the fields that changed, and the version they were based on. */
export const taskPatchInput = z.object({
  version: baseVersionSchema,
  title: title.optional(),
  description: description.optional(),
  dueDate: dueDateSchema.optional(),
  status: status.optional(),
  assigneeId: userId.optional(),
  clientId: clientId.optional(),
  deliveryProvider: provider.optional(),
});
export type TaskPatchInput = z.input<typeof taskPatchInput>;
export type TaskPatchData = z.output<typeof taskPatchInput>;
export type TaskEditableField = Exclude<keyof TaskPatchData, 'version'>;

export const TASK_FIELD_LABELS: Record<TaskEditableField, string> = {
  title: 'Название',
  description: 'Описание',
  dueDate: 'Срок',
  status: 'Статус',
  assigneeId: 'Исполнитель',
  clientId: 'Клиент',
  deliveryProvider: 'Служба доставки',
};

export interface TaskDto {
  id: number;
  title: string;
  description: string;
  dueDate: string | null;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string;
  clientId: number | null;
  clientName: string;
  deliveryProvider: Provider | null;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** Raised by every change; a save names the version it was based on. */
  version: number;
  /** Set while the task is in the Корзина. */
  deletedAt: string | null;
  deletedByName: string;
}

export interface TaskDetailDto extends TaskDto, HistoryHead {
  /** The task's client is in the Корзина (the link stays). */
  clientInTrash: boolean;
  photos: StoredFileDto[];
}
