import { baseVersionSchema } from './edit-versions';
import { lineText } from './input-text';
import { z } from './zod-ru';

// The admin's list of stages inside «В ремонте» (issue 49, «Настройки»); rules in repair-stage-rules.ts.

export const STAGE_NAME_MAX = 60;
export const STAGE_PUBLIC_MAX = 120;
export const STAGE_LIMIT_MAX = 365;
const LIMIT_MESSAGE = `Срок на этапе: целое число дней от 1 до ${STAGE_LIMIT_MAX} или пусто`;

const fields = {
  name: lineText('Название этапа', STAGE_NAME_MAX, { required: 'Укажите название этапа' }),
  publicText: lineText('Для клиента', STAGE_PUBLIC_MAX),
  limitDays: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(STAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .nullable(),
  hidden: z.boolean({ error: 'Скрыт: да или нет' }),
};

export const repairStageCreateInput = z.object({
  name: fields.name,
  publicText: fields.publicText.default(''),
  limitDays: fields.limitDays.default(null),
  hidden: fields.hidden.default(false),
});
export type RepairStageCreateInput = z.input<typeof repairStageCreateInput>;

export const repairStagePatchInput = z.object({
  version: baseVersionSchema,
  name: fields.name.optional(),
  publicText: fields.publicText.optional(),
  limitDays: fields.limitDays.optional(),
  hidden: fields.hidden.optional(),
});
export type RepairStagePatchInput = z.input<typeof repairStagePatchInput>;

export const STAGE_NAME_TAKEN = 'Этап с таким названием уже есть';
export const STAGE_IN_USE_DELETE = 'На этом этапе есть заявки: его нельзя удалить, только скрыть';
export const UNKNOWN_STAGE = 'Выберите этап из списка';
