import { dueDateSchema } from './due-date-schema';
import { baseVersionSchema } from './edit-versions';
import { clientName, clientPhone } from './client-schemas';
import { DEVICE_FIELDS, type DeviceFieldKey, type DeviceValues } from './device-fields';
import { lineText, multiLineText, recordId } from './input-text';
import { PROVIDERS, type Provider } from './providers';
import { INTAKES, type Intake, type PipelineStatus, type TicketStatus } from './ticket-status';
import type { HistoryHead } from './history';
import { TYPE_NAME_MAX, UNKNOWN_TYPE, warrantyDaysInput } from './ticket-types';
import { CREDIT_REASON_LABEL, CREDIT_REASON_MAX } from './ticket-closing';
import { z } from './zod-ru';

/** The spec's three types: the defaults a new shop starts with (issue 49 keeps them in «Настройки»). */
export const TICKET_TYPES = ['Гарантийный ремонт', 'Замена видеокарты', 'Замена SSD'] as const;

export const TEXT_LIMIT = 5000;

const longText = (label: string) => multiLineText(label, TEXT_LIMIT);

const assigneeId = recordId('Выберите исполнителя из списка').nullable();

const provider = z.enum(PROVIDERS, { error: 'Выберите службу доставки из списка' }).nullable();

const ticketClient = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('existing'), clientId: recordId('Выберите клиента') }),
    z.object({
      mode: z.literal('new'),
      fullName: clientName('Заполните ФИО клиента'),
      phone: clientPhone.default(''),
      /** Confirmed: the phone is already another client's, and this is another person (issue 49). */
      despiteSamePhone: z.boolean({ error: 'Подтвердите нового клиента' }).default(false),
    }),
  ],
  { error: 'Выберите клиента' },
);

/** A type's name; the server checks it is one of the shop's shown types. */
const ticketType = lineText('Тип заявки', TYPE_NAME_MAX, { required: UNKNOWN_TYPE });

const intake = z.enum(INTAKES, { error: 'Укажите, как принят аппарат' });

/** A device field's text, as its entry in src/domain/device-fields.ts says. */
function deviceText(key: DeviceFieldKey) {
  const field = DEVICE_FIELDS.find((f) => f.key === key)!;
  return field.multiLine ? multiLineText(field.label, field.max) : lineText(field.label, field.max);
}
const deviceInputs = {
  device: deviceText('device'),
  serialNumber: deviceText('serialNumber'),
  kit: deviceText('kit'),
  condition: deviceText('condition'),
  complaint: deviceText('complaint'),
  warrantyCard: deviceText('warrantyCard'),
};

export const ticketCreateInput = z.object({
  title: ticketType,
  /** Through a pickup point or brought in; omitted: the type's usual route. */
  intake: intake.optional(),
  client: ticketClient,
  description: longText('Описание').default(''),
  dueDate: dueDateSchema.default(null),
  /** Omitted: the type's default assignee, else the admin's default for tickets; null: nobody. */
  assigneeId: assigneeId.optional(),
  device: deviceInputs.device.default(''),
  serialNumber: deviceInputs.serialNumber.default(''),
  kit: deviceInputs.kit.default(''),
  condition: deviceInputs.condition.default(''),
  complaint: deviceInputs.complaint.default(''),
  warrantyCard: deviceInputs.warrantyCard.default(''),
});
export type TicketCreateInput = z.input<typeof ticketCreateInput>;
export type TicketCreateData = z.output<typeof ticketCreateInput>;

/** Fields edited in place on the detail screen; only those sent are changed, judged against `version`. */
export const ticketPatchInput = z.object({
  version: baseVersionSchema,
  /** The type, when it was picked wrong at intake. */
  title: ticketType.optional(),
  /** Switched only in a status both routes share (domain canSwitchIntake). */
  intake: intake.optional(),
  /** Another client from the directory, when the ticket was filed under the wrong one. */
  clientId: recordId('Выберите клиента').optional(),
  description: longText('Описание').optional(),
  repairSummary: longText('Итог ремонта').optional(),
  /** The shop's warranty on this repair, in days from handover (0: none). */
  warrantyDays: warrantyDaysInput.optional(),
  /** The stage inside «В ремонте» (issue 49); null: none. Set only while «В ремонте». */
  stageId: recordId('Выберите этап из списка').nullable().optional(),
  dueDate: dueDateSchema.optional(),
  assigneeId: assigneeId.optional(),
  deliveryProvider: provider.optional(),
  returnProvider: provider.optional(),
  device: deviceInputs.device.optional(),
  serialNumber: deviceInputs.serialNumber.optional(),
  kit: deviceInputs.kit.optional(),
  condition: deviceInputs.condition.optional(),
  complaint: deviceInputs.complaint.optional(),
  warrantyCard: deviceInputs.warrantyCard.optional(),
});
export type TicketPatchInput = z.input<typeof ticketPatchInput>;
export type TicketPatchData = z.output<typeof ticketPatchInput>;
export type TicketEditableField = Exclude<keyof TicketPatchData, 'version'>;

export const TICKET_FIELD_LABELS: Record<TicketEditableField, string> = {
  title: 'Тип заявки',
  intake: 'Как принят',
  clientId: 'Клиент',
  description: 'Описание',
  repairSummary: 'Итог ремонта',
  warrantyDays: 'Гарантия, дней',
  stageId: 'Этап',
  dueDate: 'Срок',
  assigneeId: 'Исполнитель',
  deliveryProvider: 'Служба доставки к нам',
  returnProvider: 'Служба доставки клиенту',
  ...(Object.fromEntries(DEVICE_FIELDS.map((f) => [f.key, f.label])) as Record<DeviceFieldKey, string>),
};

export const ticketStepInput = z.object({
  direction: z.enum(['forward', 'back'], { error: 'Укажите направление' }),
  /** The status the user saw; if the ticket has moved since, the step is refused with 409. */
  expectedStatus: z.string({ error: 'Обновите страницу' }).max(40, 'Обновите страницу'),
  /** The route the user saw: a step after someone switched it is refused too (409). */
  expectedIntake: intake.optional(),
  /** Typed in the closing dialog when the ticket had none: saved with the step into «Закрыта». */
  repairSummary: longText('Итог ремонта').optional(),
  /** And the warranty, checked in the same dialog. */
  warrantyDays: warrantyDaysInput.optional(),
  /** «Выдать в долг» (issue 50): why it closes with money owed; required then, kept in history. */
  onCredit: lineText(CREDIT_REASON_LABEL, CREDIT_REASON_MAX).optional(),
});
export type TicketStepInput = z.infer<typeof ticketStepInput>;

export interface StoredFileDto {
  id: number;
  kind: 'file' | 'pvz' | 'photo';
  name: string;
  size: number;
  type: string;
  /** Where the browser fetches it (signed-in users only). */
  url: string;
  thumbUrl: string | null;
  ts: string;
  uploadedBy: string;
}

export interface TicketDto extends DeviceValues {
  id: number;
  title: string;
  description: string;
  repairSummary: string;
  dueDate: string | null;
  clientId: number | null;
  clientName: string;
  /** The client's current phone, when the client still exists. */
  clientPhone: string;
  clientWhatsappUrl: string | null;
  status: TicketStatus;
  intake: Intake;
  /** When the ticket entered its status (time limits, issue 20). */
  statusSince: string;
  assigneeId: number | null;
  assigneeName: string;
  deliveryProvider: Provider | null;
  returnProvider: Provider | null;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** The shop's warranty in days from handover; null: none recorded (closed before issue 49). */
  warrantyDays: number | null;
  /** The stage inside «В ремонте» and since when (issue 49); null outside it or without one. */
  stageId: number | null;
  stageSince: string | null;
  /** A «Гарантийный возврат»: the ticket it came back under (issue 49). */
  returnOf: number | null;
  /** Closed: where «Открыть заново» returns it (issue 49); null while open. */
  reopensTo: PipelineStatus | null;
  /** Raised by every change; a save names the version it was based on. */
  version: number;
  /** Set while the ticket is in the Корзина. */
  deletedAt: string | null;
  deletedByName: string;
  /** The ticket's client is in the Корзина (the link stays). */
  clientInTrash: boolean;
}

export interface TicketDetailDto extends TicketDto, HistoryHead {
  /** The client's public status page (`/s/<token>`, issue 19); staff only ever see it here. */
  statusPath: string;
  attachments: StoredFileDto[];
  pvzPhotos: StoredFileDto[];
  /** «Гарантийные возвраты» opened under this ticket, oldest first. */
  returns: { id: number; createdAt: string; status: TicketStatus }[];
}

export { ticketNumber } from './ticket-number';
