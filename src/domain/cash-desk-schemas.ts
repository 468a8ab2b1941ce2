import { baseVersionSchema } from './edit-versions';
import { positionBefore } from './list-queries';
import { lineText } from './input-text';
import { CASH_MOVE_KINDS } from './cash-desk';
import { kopecks, positiveAmount } from './money-schemas';
import { z } from './zod-ru';

// What the cash desk's screens send (issue 50); the rules in cash-desk.ts. Amounts are kopecks.

export const CASH_REASON_MAX = 200;

export const openShiftInput = z.object({ openingCash: kopecks('Наличные в кассе') });
export type OpenShiftInput = z.input<typeof openShiftInput>;

export const cashMoveInput = z.object({
  kind: z.enum(CASH_MOVE_KINDS, { error: 'Внесение или изъятие?' }),
  amount: positiveAmount,
  reason: lineText('Причина', CASH_REASON_MAX, { required: 'Укажите причину' }),
});
export type CashMoveInput = z.input<typeof cashMoveInput>;

export const closeShiftInput = z.object({
  version: baseVersionSchema,
  countedCash: kopecks('Наличные по факту'),
  note: lineText('Комментарий', CASH_REASON_MAX).default(''),
});
export type CloseShiftInput = z.input<typeof closeShiftInput>;

/** Older shifts: those before a shift's id. */
export const shiftListQuery = z.object({ cursor: positionBefore });
