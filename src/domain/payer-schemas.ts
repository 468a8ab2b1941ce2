import { isCalendarDate } from './calendar-date';
import { baseVersionSchema } from './edit-versions';
import { lineText, multiLineText, recordId } from './input-text';
import { PAYER_NOT_FOUND } from './payers';
import { z } from './zod-ru';

// What the payer screens send (issue 50); the model in payers.ts.

export const PAYER_NAME_MAX = 120;
export const PAYER_DETAILS_MAX = 1000;

const payerFields = {
  name: lineText('Название', PAYER_NAME_MAX, { required: 'Укажите название плательщика' }),
  details: multiLineText('Реквизиты и контакты', PAYER_DETAILS_MAX),
};

export const payerInput = z.object({ name: payerFields.name, details: payerFields.details.default('') });
export type PayerInput = z.input<typeof payerInput>;

export const payerPatch = z.object({
  version: baseVersionSchema,
  name: payerFields.name.optional(),
  details: payerFields.details.optional(),
});
export type PayerPatch = z.input<typeof payerPatch>;

/** «Кто платит» on a ticket: a payer's id, or null for the client. */
export const ticketPayerInput = z.object({ payerId: recordId(PAYER_NOT_FOUND).nullable() });
export type TicketPayerInput = z.input<typeof ticketPayerInput>;

const DATE_MESSAGE = 'Период: даты в виде ГГГГ-ММ-ДД, «с» не позже «по»';
const calendarDate = z.string({ error: DATE_MESSAGE }).refine(isCalendarDate, DATE_MESSAGE);

export const periodQuery = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((period) => period.from <= period.to, { message: DATE_MESSAGE, path: ['to'] });
