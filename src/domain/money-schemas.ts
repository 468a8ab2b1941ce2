import { baseVersionSchema } from './edit-versions';
import { lineText, recordId } from './input-text';
import { LINE_KINDS, MAX_KOPECKS, MAX_QUANTITY, PAYMENT_METHODS } from './money';
import { PART_NOT_FOUND, STOCK_LINE_NOT_PART } from './stock';
import { z } from './zod-ru';

// What the money screens send (issue 50); the rules in money.ts. Amounts are kopecks.

export const LINE_NAME_MAX = 120;
export const PAYMENT_NOTE_MAX = 200;
export const LINE_WARRANTY_MAX = 3650;

/** An amount from zero: a price, a discount, the cash counted in a drawer. */
export function kopecks(label: string) {
  const message = `${label}: сумма от 0 до 100 000 000 ₽, не больше двух знаков после запятой`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_KOPECKS, message);
}

const QUANTITY_MESSAGE = 'Количество: целое число от 1 до 10\u00a0000';
const WARRANTY_MESSAGE = `Гарантия: целое число дней от 0 до ${LINE_WARRANTY_MAX} или пусто`;
export const DISCOUNT_TOO_BIG = 'Скидка больше суммы строки';
export const LINE_TOO_BIG = 'Сумма строки больше 100\u00a0000\u00a0000\u00a0₽';
export const TICKET_TOO_BIG = 'Сумма по заявке слишком велика: проверьте цены и количество';

const lineFields = {
  kind: z.enum(LINE_KINDS, { error: 'Укажите, работа это или запчасть' }),
  name: lineText('Название', LINE_NAME_MAX, { required: 'Укажите, что сделано или поставлено' }),
  serviceId: recordId('Услуга не найдена').nullable(),
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
  price: kopecks('Цена'),
  discount: kopecks('Скидка'),
  warrantyDays: z
    .number({ error: WARRANTY_MESSAGE })
    .int(WARRANTY_MESSAGE)
    .min(0, WARRANTY_MESSAGE)
    .max(LINE_WARRANTY_MAX, WARRANTY_MESSAGE)
    .nullable(),
};

export const ticketLineInput = z
  .object({
    kind: lineFields.kind,
    name: lineFields.name,
    serviceId: lineFields.serviceId.default(null),
    partId: recordId(PART_NOT_FOUND).nullable().default(null),
    quantity: lineFields.quantity.default(1),
    price: lineFields.price,
    discount: lineFields.discount.default(0),
    warrantyDays: lineFields.warrantyDays.default(null),
  })
  .refine((line) => line.quantity * line.price <= MAX_KOPECKS, { message: LINE_TOO_BIG, path: ['price'] })
  .refine((line) => line.discount <= line.quantity * line.price, {
    message: DISCOUNT_TOO_BIG,
    path: ['discount'],
  })
  .refine((line) => line.partId === null || line.kind === 'part', {
    message: STOCK_LINE_NOT_PART,
    path: ['kind'],
  });
export type TicketLineInput = z.input<typeof ticketLineInput>;

/** A line's change: the fields that change, with the line's version the person saw. */
export const ticketLinePatch = z.object({
  version: baseVersionSchema,
  kind: lineFields.kind.optional(),
  name: lineFields.name.optional(),
  quantity: lineFields.quantity.optional(),
  price: lineFields.price.optional(),
  discount: lineFields.discount.optional(),
  warrantyDays: lineFields.warrantyDays.optional(),
});
export type TicketLinePatch = z.input<typeof ticketLinePatch>;

const AMOUNT_MESSAGE = 'Сумма: больше нуля, не больше 100 000 000 ₽';
/** An amount that moves money: more than zero. */
export const positiveAmount = z
  .number({ error: AMOUNT_MESSAGE })
  .int(AMOUNT_MESSAGE)
  .min(1, AMOUNT_MESSAGE)
  .max(MAX_KOPECKS, AMOUNT_MESSAGE);
export const REFUND_REASON_REQUIRED = 'Укажите причину возврата';
export const PAYMENT_KIND_MISMATCH = 'Обновите страницу: оплата и возврат теперь оформляются отдельно';

export const paymentInput = z
  .object({
    kind: z.enum(['payment', 'refund'], { error: 'Оплата или возврат?' }),
    method: z.enum(PAYMENT_METHODS, { error: 'Укажите способ: наличные, карта или перевод' }),
    amount: positiveAmount,
    note: lineText('Комментарий', PAYMENT_NOTE_MAX).default(''),
  })
  .refine((payment) => payment.kind === 'payment' || payment.note !== '', {
    message: REFUND_REASON_REQUIRED,
    path: ['note'],
  });
export type PaymentInput = z.input<typeof paymentInput>;

export const REFUND_TOO_BIG = 'Вернуть можно не больше, чем оплачено';
export const LINES_CLOSED = 'Заявка закрыта: работы и запчасти не меняются. Откройте её заново';
export const STALE_LINE = 'Строку уже изменил другой сотрудник';
export const LINE_NOT_FOUND = 'Строка не найдена';

export const SERVICE_NAME_MAX = 120;
const serviceFields = {
  name: lineText('Название услуги', SERVICE_NAME_MAX, { required: 'Укажите название услуги' }),
  price: kopecks('Цена'),
  warrantyDays: lineFields.warrantyDays,
};

export const serviceInput = z.object({
  name: serviceFields.name,
  price: serviceFields.price,
  warrantyDays: serviceFields.warrantyDays.default(null),
});
export type ServiceInput = z.input<typeof serviceInput>;

export const servicePatch = z.object({
  version: baseVersionSchema,
  name: serviceFields.name.optional(),
  price: serviceFields.price.optional(),
  warrantyDays: serviceFields.warrantyDays.optional(),
});
export type ServicePatch = z.input<typeof servicePatch>;

export const SERVICE_NAME_TAKEN = 'Услуга с таким названием уже есть';
export const SERVICE_NOT_FOUND = 'Услуга не найдена';
export const STALE_SERVICE = 'Услугу уже изменил другой сотрудник';
