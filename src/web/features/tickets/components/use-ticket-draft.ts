import { useQueryClient } from '@tanstack/react-query';
import type { TicketDetailDto, TicketPatchInput } from '../../../../domain/ticket-schemas';
import type { Autosave } from '../../../lib/use-autosave';
import { useRecordDraft } from '../../../lib/use-record-draft';
import { patchTicket } from '../api/tickets-api';
import {
  ticketFormToPatch,
  ticketSnapshot,
  validateTicketField,
  type TicketFormValues,
} from './ticket-form-values';

// Spec §9: the texts save when left, the due date and the pickers at once.
const SAVE_ON = {
  title: 'now',
  intake: 'now',
  clientId: 'now',
  description: 'blur',
  repairSummary: 'blur',
  warrantyDays: 'blur',
  stageId: 'now',
  dueDate: 'now',
  assigneeId: 'now',
  deliveryProvider: 'now',
  returnProvider: 'now',
  device: 'blur',
  serialNumber: 'blur',
  kit: 'blur',
  condition: 'blur',
  complaint: 'blur',
  warrantyCard: 'blur',
} as const;
const TEXT_FIELDS = [
  'description',
  'repairSummary',
  'device',
  'serialNumber',
  'kit',
  'condition',
  'complaint',
  'warrantyCard',
] as const;

export type TicketDraft = Autosave<TicketFormValues>;

/** The ticket card's edits, saved as they are made (spec §9) and kept until sent. */
export function useTicketDraft(ticket: TicketDetailDto): TicketDraft {
  const queryClient = useQueryClient();
  return useRecordDraft<TicketFormValues, TicketDetailDto>({
    record: ticket,
    url: `/api/tickets/${ticket.id}`,
    recordKey: 'ticket',
    toSnapshot: ticketSnapshot,
    toPatch: ticketFormToPatch,
    patch: (body) => patchTicket(queryClient, ticket.id, body as TicketPatchInput),
    textFields: TEXT_FIELDS,
    validate: validateTicketField,
    saveOn: SAVE_ON,
  });
}
