import { isProvider } from '../../domain/providers';
import type { TaskDto } from '../../domain/task-schemas';
import { readTaskStatus } from '../../domain/task-status';
import type { TaskRow } from './tasks.repository';

export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    // Imported `todo` / `done` read as new / closed everywhere.
    status: readTaskStatus(row.status),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    clientId: row.client_id,
    clientName: row.client_name,
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    version: row.version,
    deletedAt: row.deleted_at,
    deletedByName: row.deleted_by_name,
  };
}
