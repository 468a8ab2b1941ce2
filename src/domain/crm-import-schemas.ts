import { IMPORT_STATUSES, IMPORT_TARGETS } from './crm-import';
import { PAYMENT_METHODS } from './money';
import { z } from './zod-ru';

// What the import's preview and start take beside the file (issue 56).

export const importMappingInput = z.object({
  columns: z
    .array(z.enum([...IMPORT_TARGETS, 'skip'], { error: 'Выберите для столбца поле из списка' }))
    .max(200, 'Слишком много столбцов'),
  statuses: z
    .record(z.string().max(200), z.enum(IMPORT_STATUSES, { error: 'Выберите статус из списка' }))
    .default({}),
  ticketType: z.string({ error: 'Выберите тип заявки' }).max(200).default(''),
  payMethod: z.enum(PAYMENT_METHODS, { error: 'Выберите способ оплаты из списка' }).default('cash'),
});
export type ImportMappingInput = z.output<typeof importMappingInput>;
