import type { Updateable } from 'kysely';
import type { TaskPatchData } from '../../domain/task-schemas';
import { TASK_STATUS_LABELS, closedAtAfter, readTaskStatus } from '../../domain/task-status';
import type { TasksTable } from '../db/schema';
import { fieldChange, type HistoryChange } from '../history/history-writer';
import { dueDateText, providerText } from '../tickets/ticket-history';
import type { TaskRow } from './tasks.repository';

/**
 * The column changes and history for a task edit's own fields (closing sets closedAt,
 * any other status clears it), each with the value before and after. The assignee
 * and the client need a lookup and are resolved by the caller.
 */
export function describeTaskEdit(
  row: TaskRow,
  patch: Omit<TaskPatchData, 'assigneeId' | 'clientId' | 'version'>,
  now: string,
): { columns: Updateable<TasksTable>; history: HistoryChange[] } {
  const columns: Updateable<TasksTable> = {};
  const history: HistoryChange[] = [];
  if (patch.title !== undefined) {
    columns.title = patch.title;
    history.push(...fieldChange('set_title', row.title, patch.title));
  }
  if (patch.description !== undefined) {
    columns.description = patch.description;
    history.push(...fieldChange('edit_description', row.description, patch.description));
  }
  if (patch.dueDate !== undefined) {
    columns.due_date = patch.dueDate;
    history.push(...fieldChange('set_due_date', dueDateText(row.due_date), dueDateText(patch.dueDate)));
  }
  if (patch.deliveryProvider !== undefined) {
    columns.delivery_provider = patch.deliveryProvider;
    history.push(
      ...fieldChange(
        'set_provider',
        providerText(row.delivery_provider),
        providerText(patch.deliveryProvider),
      ),
    );
  }
  if (patch.status !== undefined) {
    const before = readTaskStatus(row.status);
    columns.status = patch.status;
    columns.closed_at = closedAtAfter(patch.status, before === 'closed' ? row.closed_at : null, now);
    history.push(
      ...fieldChange('status_change', TASK_STATUS_LABELS[before], TASK_STATUS_LABELS[patch.status]),
    );
  }
  return { columns, history };
}
