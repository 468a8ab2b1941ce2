import { baseVersionSchema } from './edit-versions';
import { lineText, recordId } from './input-text';
import { INTAKES, type Intake } from './ticket-status';
import { MAX_WARRANTY_DAYS } from './warranty';
import { z } from './zod-ru';

// The shop's own ticket types (issue 49), kept by admins in «Настройки». The spec's three
// (Гарантийный ремонт, Замена видеокарты, Замена SSD) are the defaults. A ticket stores its
// type's name (the spec's `title`); a type in use keeps its name and cannot be deleted, only
// hidden — its tickets go on reading it.

export const TYPE_NAME_MAX = 60;
export const PRINTED_TITLE_MAX = 100;

export interface TicketTypeDto {
  id: number;
  name: string;
  /** What the receipt and the act print as «Тип заявки»; '' prints the name. */
  printedTitle: string;
  /** The route a new ticket of this type starts on. */
  intake: Intake;
  warrantyDays: number;
  /** Who new tickets of this type go to; null: the shop's default for tickets. */
  defaultAssigneeId: number | null;
  /** Hidden types are not offered for new tickets; tickets that have one keep it. */
  hidden: boolean;
  /** Live tickets of this type (those in the Корзина included). */
  ticketCount: number;
  version: number;
}

export function printedTypeTitle(type: Pick<TicketTypeDto, 'name' | 'printedTitle'>): string {
  return type.printedTitle.trim() || type.name;
}

const WARRANTY_MESSAGE = `Гарантия: целое число дней от 0 до ${MAX_WARRANTY_DAYS}`;

/** Warranty days as typed on a type or a ticket: 0 means no warranty. */
export const warrantyDaysInput = z
  .number({ error: WARRANTY_MESSAGE })
  .int(WARRANTY_MESSAGE)
  .min(0, WARRANTY_MESSAGE)
  .max(MAX_WARRANTY_DAYS, WARRANTY_MESSAGE);

const typeFields = {
  name: lineText('Название', TYPE_NAME_MAX, { required: 'Укажите название типа' }),
  printedTitle: lineText('Название в документах', PRINTED_TITLE_MAX),
  intake: z.enum(INTAKES, { error: 'Укажите, как обычно принимают аппарат' }),
  warrantyDays: warrantyDaysInput,
  defaultAssigneeId: recordId('Выберите исполнителя из списка').nullable(),
  hidden: z.boolean({ error: 'Скрыт: да или нет' }),
};

export const ticketTypeCreateInput = z.object({
  ...typeFields,
  printedTitle: typeFields.printedTitle.default(''),
  intake: typeFields.intake.default('pvz'),
  defaultAssigneeId: typeFields.defaultAssigneeId.default(null),
  hidden: typeFields.hidden.default(false),
});
export type TicketTypeCreateInput = z.input<typeof ticketTypeCreateInput>;

export const ticketTypePatchInput = z.object({
  version: baseVersionSchema,
  name: typeFields.name.optional(),
  printedTitle: typeFields.printedTitle.optional(),
  intake: typeFields.intake.optional(),
  warrantyDays: typeFields.warrantyDays.optional(),
  defaultAssigneeId: typeFields.defaultAssigneeId.optional(),
  hidden: typeFields.hidden.optional(),
});
export type TicketTypePatchInput = z.input<typeof ticketTypePatchInput>;

export const TYPE_IN_USE_RENAME =
  'Этот тип уже есть в заявках: название не меняется. Измените «Название в документах» или скройте тип и заведите новый';
export const TYPE_IN_USE_DELETE = 'Этот тип есть в заявках: его нельзя удалить, только скрыть';
export const TYPE_NAME_TAKEN = 'Тип с таким названием уже есть';
export const UNKNOWN_TYPE = 'Выберите тип заявки';
