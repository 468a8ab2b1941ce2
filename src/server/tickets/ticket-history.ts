import type { Updateable } from 'kysely';
import { formatCalendarDate } from '../../domain/calendar-date';
import { PROVIDER_LABELS, isProvider } from '../../domain/providers';
import type { TicketPatchData } from '../../domain/ticket-schemas';
import { INTAKE_LABELS, isIntake, isTicketStatus, ticketStatusLabel } from '../../domain/ticket-status';
import type { TicketsTable } from '../db/schema';
import { warrantyDaysText } from '../../domain/warranty';
import { fieldChange, type HistoryChange } from '../history/history-writer';
import { describeDeviceEdit } from './device-columns';
import type { TicketRow } from './tickets.repository';

export function providerText(provider: string | null): string {
  return isProvider(provider) ? PROVIDER_LABELS[provider] : 'Не выбрана';
}

export function dueDateText(date: string | null): string {
  return date ? formatCalendarDate(date) : 'Без срока';
}

/** A status as history shows it, named as on the ticket's route. */
export function statusText(status: string, intake: string): string {
  return isTicketStatus(status) ? ticketStatusLabel(status, isIntake(intake) ? intake : 'pvz') : status;
}

export function intakeText(intake: string): string {
  return isIntake(intake) ? INTAKE_LABELS[intake] : intake;
}

/**
 * The column changes and history for an edit's own fields, for fields that really
 * changed, each with the value before and after. The assignee and the client need a
 * lookup and are resolved by the caller.
 */
export function describeEdit(
  row: TicketRow,
  patch: Omit<TicketPatchData, 'assigneeId' | 'clientId' | 'version'>,
): { columns: Updateable<TicketsTable>; history: HistoryChange[] } {
  const device = describeDeviceEdit(row, patch);
  const columns: Updateable<TicketsTable> = { ...device.columns };
  const history: HistoryChange[] = [];
  if (patch.title !== undefined) {
    columns.title = patch.title;
    history.push(...fieldChange('set_type', row.title, patch.title));
  }
  if (patch.intake !== undefined) {
    columns.intake = patch.intake;
    history.push(...fieldChange('set_intake', intakeText(row.intake), intakeText(patch.intake)));
  }
  if (patch.description !== undefined) {
    columns.description = patch.description;
    history.push(...fieldChange('edit_description', row.description, patch.description));
  }
  if (patch.repairSummary !== undefined) {
    columns.repair_summary = patch.repairSummary;
    history.push(...fieldChange('edit_repair_summary', row.repair_summary, patch.repairSummary));
  }
  if (patch.warrantyDays !== undefined) {
    columns.warranty_days = patch.warrantyDays;
    history.push(
      ...fieldChange(
        'set_warranty_days',
        warrantyDaysText(row.warranty_days),
        warrantyDaysText(patch.warrantyDays),
      ),
    );
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
  if (patch.returnProvider !== undefined) {
    columns.return_provider = patch.returnProvider;
    history.push(
      ...fieldChange(
        'set_return_provider',
        providerText(row.return_provider),
        providerText(patch.returnProvider),
      ),
    );
  }
  history.push(...device.history);
  return { columns, history };
}
