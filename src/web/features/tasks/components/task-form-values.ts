import type { TaskDto, TaskPatchInput } from '../../../../domain/task-schemas';
import { taskPatchInput } from '../../../../domain/task-schemas';
import type { Snapshot } from '../../../lib/autosave';
import { isTaskStatus } from '../../../../domain/task-status';
import { isProvider } from '../../../../domain/providers';

/** A task as form fields: every value a string ('' for none), as inputs and selects hold them. */
export interface TaskFormValues extends Record<string, string> {
  title: string;
  description: string;
  dueDate: string;
  status: string;
  assigneeId: string;
  clientId: string;
  deliveryProvider: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: '',
  description: '',
  dueDate: '',
  status: 'new',
  assigneeId: '',
  clientId: '',
  deliveryProvider: '',
};

export type TaskFields = Omit<TaskPatchInput, 'version'>;

/** The task as the card's draft sees it. */
export function taskSnapshot(task: TaskDto): Snapshot<TaskFormValues> {
  return { values: taskToForm(task), version: task.version };
}

export function taskToForm(task: TaskDto): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    dueDate: task.dueDate ?? '',
    status: task.status,
    assigneeId: task.assigneeId === null ? '' : String(task.assigneeId),
    clientId: task.clientId === null ? '' : String(task.clientId),
    deliveryProvider: task.deliveryProvider ?? '',
  };
}

const toId = (value: string) => (value ? Number(value) : null);

/** Form fields -> API payload (only the fields given). */
export function formToPatch(values: Partial<TaskFormValues>): TaskFields {
  const patch: TaskFields = {};
  if (values.title !== undefined) patch.title = values.title;
  if (values.description !== undefined) patch.description = values.description;
  if (values.dueDate !== undefined) patch.dueDate = values.dueDate;
  if (values.status !== undefined && isTaskStatus(values.status)) patch.status = values.status;
  if (values.assigneeId !== undefined) patch.assigneeId = toId(values.assigneeId);
  if (values.clientId !== undefined) patch.clientId = toId(values.clientId);
  if (values.deliveryProvider !== undefined) {
    patch.deliveryProvider = isProvider(values.deliveryProvider) ? values.deliveryProvider : null;
  }
  return patch;
}

const fieldsSchema = taskPatchInput.omit({ version: true });

/** The shared schema's message for one field, or undefined when it can be saved. */
export function validateTaskField(field: keyof TaskFormValues, value: string): string | undefined {
  const patch = formToPatch({ [field]: value });
  const result = fieldsSchema.safeParse(patch);
  return result.success ? undefined : result.error.issues[0]?.message;
}
