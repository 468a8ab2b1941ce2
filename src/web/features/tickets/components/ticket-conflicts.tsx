import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { PROVIDER_LABELS, isProvider } from '../../../../domain/providers';
import { TICKET_FIELD_LABELS, type TicketDetailDto } from '../../../../domain/ticket-schemas';
import { INTAKE_LABELS, isIntake } from '../../../../domain/ticket-status';
import type { UserOptionDto } from '../../../../domain/users';
import type { RepairStageDto } from '../../../../domain/repair-stage-rules';
import { FieldConflict } from '../../../components/editing/FieldConflict';
import type { TicketFormValues } from './ticket-form-values';
import type { TicketDraft } from './use-ticket-draft';

/** What goes under a field of the card: the notice that someone else changed it meanwhile. */
export type ConflictNotice = (field: keyof TicketFormValues) => ReactNode;

/** How someone else's value of `field` reads in a conflict notice. */
function describeValue(
  ticket: TicketDetailDto,
  users: UserOptionDto[] | undefined,
  stages: RepairStageDto[] | undefined,
) {
  return (field: keyof TicketFormValues) => (value: string) => {
    if (field === 'stageId') return stages?.find((s) => String(s.id) === value)?.name ?? 'Без этапа';
    if (!value) return '(пусто)';
    if (field === 'dueDate') return formatCalendarDate(value);
    if (field === 'assigneeId') return users?.find((u) => String(u.id) === value)?.displayName ?? value;
    if (field === 'clientId')
      return value === String(ticket.clientId) ? ticket.clientName : `клиент ${value}`;
    if (field === 'intake' && isIntake(value)) return INTAKE_LABELS[value];
    if ((field === 'deliveryProvider' || field === 'returnProvider') && isProvider(value)) {
      return PROVIDER_LABELS[value];
    }
    return value;
  };
}

export function conflictNotices(
  ticket: TicketDetailDto,
  draft: TicketDraft,
  users: UserOptionDto[] | undefined,
  stages: RepairStageDto[] | undefined,
): ConflictNotice {
  const describe = describeValue(ticket, users, stages);
  return (field) => (
    <FieldConflict
      label={TICKET_FIELD_LABELS[field as keyof typeof TICKET_FIELD_LABELS]}
      conflict={draft.conflicts[field]}
      describe={describe(field)}
      onKeepTheirs={() => draft.keepTheirs(field)}
      onKeepMine={() => draft.keepMine(field)}
    />
  );
}
