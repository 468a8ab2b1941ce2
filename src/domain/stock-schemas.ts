import { baseVersionSchema } from './edit-versions';
import { lineText, multiLineText, recordId, searchQueryText } from './input-text';
import { MAX_QUANTITY } from './money';
import { kopecks } from './money-schemas';
import { BARCODE_PATTERN, PART_NOT_FOUND, SUPPLIER_NOT_FOUND } from './stock';
import { z } from './zod-ru';

// What the stock screens send (issue 51); the model in stock.ts. Amounts are kopecks.

export const PART_NAME_MAX = 120;
export const PART_FIELD_MAX = 120;
export const PART_MODELS_MAX = 500;
export const STOCK_NOTE_MAX = 200;
/** Lines of one receipt or one stocktaking. */
export const MAX_STOCK_LINES = 500;

const BARCODE_MESSAGE = 'Штрихкод: от 4 до 48 букв латиницы, цифр и знаков - . / без пробелов';
const barcode = z
  .string({ error: BARCODE_MESSAGE })
  .trim()
  .refine((value) => value === '' || BARCODE_PATTERN.test(value), BARCODE_MESSAGE)
  .transform((value) => (value === '' ? null : value));

const wholeCount = (label: string, max = 1_000_000) => {
  const message = `${label}: целое число от 0 до ${max.toLocaleString('ru-RU')}`;
  return z.number({ error: message }).int(message).min(0, message).max(max, message);
};

const partFields = {
  name: lineText('Название', PART_NAME_MAX, { required: 'Укажите название запчасти' }),
  article: lineText('Артикул', PART_FIELD_MAX),
  barcode: barcode.nullable(),
  models: lineText('Модели', PART_MODELS_MAX),
  unit: lineText('Единица', 10, { required: 'Укажите единицу: шт, м, компл.' }),
  price: kopecks('Цена продажи'),
  minQty: wholeCount('Минимум'),
  place: lineText('Место хранения', PART_FIELD_MAX),
};

/** A new part of the catalogue; its stock arrives by a receipt, never typed in. */
export const partInput = z.object({
  name: partFields.name,
  article: partFields.article.default(''),
  barcode: partFields.barcode.default(null),
  models: partFields.models.default(''),
  unit: partFields.unit.default('шт'),
  price: partFields.price.default(0),
  minQty: partFields.minQty.default(0),
  place: partFields.place.default(''),
});
export type PartInput = z.input<typeof partInput>;

export const partPatch = z.object({
  version: baseVersionSchema,
  name: partFields.name.optional(),
  article: partFields.article.optional(),
  barcode: partFields.barcode.optional(),
  models: partFields.models.optional(),
  unit: partFields.unit.optional(),
  price: partFields.price.optional(),
  minQty: partFields.minQty.optional(),
  place: partFields.place.optional(),
});
export type PartPatch = z.input<typeof partPatch>;

/** The catalogue's list: a search, «Заканчивается» only, a place, and the page. */
export const partListQuery = z.object({
  q: searchQueryText.optional(),
  low: z.enum(['1']).optional(),
  place: z.string().max(PART_FIELD_MAX).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const supplierInput = z.object({
  name: lineText('Название', PART_NAME_MAX, { required: 'Укажите название поставщика' }),
  details: multiLineText('Контакты и реквизиты', 1000).default(''),
});
export type SupplierInput = z.input<typeof supplierInput>;

export const supplierPatch = z.object({
  version: baseVersionSchema,
  name: supplierInput.shape.name.optional(),
  details: multiLineText('Контакты и реквизиты', 1000).optional(),
});
export type SupplierPatch = z.input<typeof supplierPatch>;

const QUANTITY_MESSAGE = `Количество: целое число от 1 до ${MAX_QUANTITY.toLocaleString('ru-RU')}`;
const quantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_QUANTITY, QUANTITY_MESSAGE);

const LINES_MESSAGE = `Добавьте от 1 до ${MAX_STOCK_LINES} строк`;

/** Goods received: each line a part, how many and the unit cost. */
export const receiptInput = z.object({
  supplierId: recordId(SUPPLIER_NOT_FOUND).nullable().default(null),
  note: lineText('Комментарий', STOCK_NOTE_MAX).default(''),
  lines: z
    .array(z.object({ partId: recordId(PART_NOT_FOUND), quantity, cost: kopecks('Цена закупки') }), {
      error: LINES_MESSAGE,
    })
    .min(1, LINES_MESSAGE)
    .max(MAX_STOCK_LINES, LINES_MESSAGE)
    .refine((lines) => new Set(lines.map((line) => line.partId)).size === lines.length, {
      message: 'Запчасть в поступлении дважды: сложите количество в одну строку',
    }),
});
export type ReceiptInput = z.input<typeof receiptInput>;

export const REVERSAL_REASON_REQUIRED = 'Укажите причину сторно';
export const reversalInput = z.object({
  reason: lineText('Причина', STOCK_NOTE_MAX, { required: REVERSAL_REASON_REQUIRED }),
});

export const COUNT_REASON_REQUIRED = 'Укажите причину расхождения';
/**
 * A stocktaking of one place: every part counted, with what the person saw expected; the reason
 * is asked for when a count differs.
 */
export const countInput = z.object({
  place: lineText('Место хранения', PART_FIELD_MAX),
  reason: lineText('Причина', STOCK_NOTE_MAX).default(''),
  lines: z
    .array(
      z.object({
        partId: recordId(PART_NOT_FOUND),
        expected: wholeCount('Ожидалось'),
        counted: wholeCount('Посчитано'),
      }),
      { error: LINES_MESSAGE },
    )
    .min(1, LINES_MESSAGE)
    .max(MAX_STOCK_LINES * 4, LINES_MESSAGE)
    .refine((lines) => new Set(lines.map((line) => line.partId)).size === lines.length, {
      message: 'Запчасть в подсчёте дважды',
    }),
});
export type CountInput = z.input<typeof countInput>;

/** A catalogue CSV: its text, and whether to only show what would happen. */
export const partImportInput = z.object({
  csv: z.string({ error: 'Выберите файл CSV' }).min(1, 'Файл пуст').max(20_000_000, 'Файл больше 20 МБ'),
  dryRun: z.boolean().default(true),
});
