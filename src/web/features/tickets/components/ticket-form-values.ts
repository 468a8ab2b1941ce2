import { isProvider } from '../../../../domain/providers';
import { isIntake } from '../../../../domain/ticket-status';
import { ticketPatchInput, type TicketDto, type TicketPatchInput } from '../../../../domain/ticket-schemas';
import type { Snapshot } from '../../../lib/autosave';
import { DEVICE_FIELD_KEYS, pickDevice } from '../../../../domain/device-fields';

/** The ticket's fields edited on its card, as strings ('' for none). */
export interface TicketFormValues extends Record<string, string> {
  title: string;
  intake: string;
  clientId: string;
  description: string;
  repairSummary: string;
  warrantyDays: string;
  stageId: string;
  dueDate: string;
  assigneeId: string;
  deliveryProvider: string;
  returnProvider: string;
  device: string;
  serialNumber: string;
  kit: string;
  condition: string;
  complaint: string;
  warrantyCard: string;
}

export function ticketSnapshot(ticket: TicketDto): Snapshot<TicketFormValues> {
  return {
    values: {
      title: ticket.title,
      intake: ticket.intake,
      clientId: ticket.clientId === null ? '' : String(ticket.clientId),
      description: ticket.description,
      repairSummary: ticket.repairSummary,
      warrantyDays: ticket.warrantyDays === null ? '' : String(ticket.warrantyDays),
      stageId: ticket.stageId === null ? '' : String(ticket.stageId),
      dueDate: ticket.dueDate ?? '',
      assigneeId: ticket.assigneeId === null ? '' : String(ticket.assigneeId),
      deliveryProvider: ticket.deliveryProvider ?? '',
      returnProvider: ticket.returnProvider ?? '',
      ...pickDevice(ticket),
    },
    version: ticket.version,
  };
}

const provider = (value: string) => (isProvider(value) ? value : null);

/** Form fields -> API payload (only the fields given). */
export function ticketFormToPatch(values: Partial<TicketFormValues>): Omit<TicketPatchInput, 'version'> {
  const patch: Omit<TicketPatchInput, 'version'> = {};
  // The type is one of the shop's; the server refuses anything else with its message.
  if (values.title !== undefined) patch.title = values.title as TicketPatchInput['title'];
  if (values.intake !== undefined) patch.intake = isIntake(values.intake) ? values.intake : undefined;
  if (values.clientId !== undefined && values.clientId) patch.clientId = Number(values.clientId);
  if (values.description !== undefined) patch.description = values.description;
  if (values.repairSummary !== undefined) patch.repairSummary = values.repairSummary;
  // Digits only: anything else (an empty field too) is refused with the warranty's message.
  if (values.warrantyDays !== undefined)
    patch.warrantyDays = /^\d{1,6}$/.test(values.warrantyDays.trim())
      ? Number(values.warrantyDays)
      : Number.NaN;
  if (values.stageId !== undefined) patch.stageId = values.stageId ? Number(values.stageId) : null;
  if (values.dueDate !== undefined) patch.dueDate = values.dueDate;
  if (values.assigneeId !== undefined)
    patch.assigneeId = values.assigneeId ? Number(values.assigneeId) : null;
  if (values.deliveryProvider !== undefined) patch.deliveryProvider = provider(values.deliveryProvider);
  if (values.returnProvider !== undefined) patch.returnProvider = provider(values.returnProvider);
  for (const key of DEVICE_FIELD_KEYS) if (values[key] !== undefined) patch[key] = values[key];
  return patch;
}

const fieldsSchema = ticketPatchInput.omit({ version: true });

export function validateTicketField(field: keyof TicketFormValues, value: string): string | undefined {
  const result = fieldsSchema.safeParse(ticketFormToPatch({ [field]: value }));
  return result.success ? undefined : result.error.issues[0]?.message;
}
