import type { Insertable } from 'kysely';
import { formatCalendarDate } from '../../domain/calendar-date';
import { PROVIDER_LABELS, type Provider } from '../../domain/providers';
import type { HistoryAction, TicketPatchData } from '../../domain/ticket-schemas';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../domain/ticket-status';
import type { TicketHistoryTable, TicketsTable } from '../db/schema';
import type { TicketRow } from './tickets.repository';
import type { Actor } from '../work-items/actor';

export type { Actor } from '../work-items/actor';

export function historyEntry(
  ticketId: number,
  actor: Actor,
  ts: string,
  action: HistoryAction,
  note = '',
  newStatus: TicketStatus | null = null,
): Insertable<TicketHistoryTable> {
  return {
    ticket_id: ticketId,
    ts,
    user_id: actor.id,
    user_name: actor.displayName,
    action,
    note,
    new_status: newStatus,
  };
}

function providerNote(provider: Provider | null): string {
  return provider ? PROVIDER_LABELS[provider] : 'Не выбрана';
}

export function statusChangeNote(from: TicketStatus, to: TicketStatus): string {
  return `${TICKET_STATUS_LABELS[from]} → ${TICKET_STATUS_LABELS[to]}`;
}

/**
 * The column changes and history rows for an edit, for fields that really changed.
 * Assignee changes are resolved by the caller (they need a lookup) and passed in.
 */
export function describeEdit(
  row: TicketRow,
  patch: Omit<TicketPatchData, 'assigneeId' | 'version'>,
  entry: (action: HistoryAction, note?: string) => Insertable<TicketHistoryTable>,
): { changes: Partial<Insertable<TicketsTable>>; history: Insertable<TicketHistoryTable>[] } {
  const changes: Partial<Insertable<TicketsTable>> = {};
  const history: Insertable<TicketHistoryTable>[] = [];
  if (patch.description !== undefined && patch.description !== row.description) {
    changes.description = patch.description;
    history.push(entry('edit_description'));
  }
  if (patch.repairSummary !== undefined && patch.repairSummary !== row.repair_summary) {
    changes.repair_summary = patch.repairSummary;
    history.push(entry('edit_repair_summary'));
  }
  if (patch.dueDate !== undefined && patch.dueDate !== row.due_date) {
    changes.due_date = patch.dueDate;
    history.push(entry('set_due_date', patch.dueDate ? formatCalendarDate(patch.dueDate) : 'Без срока'));
  }
  if (patch.deliveryProvider !== undefined && patch.deliveryProvider !== row.delivery_provider) {
    changes.delivery_provider = patch.deliveryProvider;
    history.push(entry('set_provider', providerNote(patch.deliveryProvider)));
  }
  if (patch.returnProvider !== undefined && patch.returnProvider !== row.return_provider) {
    changes.return_provider = patch.returnProvider;
    history.push(entry('set_return_provider', providerNote(patch.returnProvider)));
  }
  return { changes, history };
}
