import { isProvider } from '../../domain/providers';
import { readTaskStatus } from '../../domain/task-status';
import { isIntake } from '../../domain/ticket-status';
import { workHighlight } from '../../domain/worklist';
import type { WorkItemDto } from '../../domain/worklist-query';
import type { WorkRow } from './worklist.repository';

/** A worklist row as the browser gets it: in a page, or in a live update. */
export function toWorkItem(row: WorkRow): WorkItemDto {
  const status = row.kind === 'task' ? readTaskStatus(row.status) : row.status;
  return {
    kind: row.kind,
    id: Number(row.id),
    title: row.title,
    clientId: row.client_id,
    clientName: row.client_name,
    clientPhone: row.client_phone ?? '',
    device: row.device,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    status,
    intake: isIntake(row.intake) ? row.intake : 'pvz',
    statusSince: row.kind === 'ticket' ? (row.status_since ?? row.created_at) : null,
    stageId: row.stage_id === null ? null : Number(row.stage_id),
    stageSince: row.stage_since,
    due: Math.max(0, Number(row.balance)),
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    returnProvider: isProvider(row.return_provider) ? row.return_provider : null,
    dueDate: row.due_date,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    highlight: workHighlight({ kind: row.kind, status: row.status, title: row.title }),
    version: Number(row.version),
  };
}
