import { isProvider } from '../../domain/providers';
import type { TicketDto } from '../../domain/ticket-schemas';
import { isIntake, isTicketStatus, type TicketStatus } from '../../domain/ticket-status';
import { deviceFromRow } from './device-columns';
import { reopenTarget } from '../../domain/ticket-closing';
import type { TicketRow } from './tickets.repository';

// Imported data may hold values we do not know; they read as the nearest sensible thing.
function readStatus(value: string | null): TicketStatus | null {
  return value !== null && isTicketStatus(value) ? value : null;
}

export function toTicketDto(row: TicketRow): TicketDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    repairSummary: row.repair_summary,
    dueDate: row.due_date,
    clientId: row.client_id,
    clientName: row.client_name,
    clientPhone: row.client_phone ?? '',
    clientWhatsappUrl: row.client_whatsapp_url,
    status: readStatus(row.status) ?? 'new',
    intake: isIntake(row.intake) ? row.intake : 'pvz',
    statusSince: row.status_since ?? row.created_at,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    returnProvider: isProvider(row.return_provider) ? row.return_provider : null,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    warrantyDays: row.warranty_days,
    returnOf: row.return_of,
    stageId: row.stage_id,
    stageSince: row.stage_since,
    reopensTo:
      row.status === 'closed'
        ? reopenTarget(row.closed_from, isIntake(row.intake) ? row.intake : 'pvz')
        : null,
    version: row.version,
    deletedAt: row.deleted_at,
    deletedByName: row.deleted_by_name,
    clientInTrash: row.client_deleted_at !== null,
    ...deviceFromRow(row),
  };
}
