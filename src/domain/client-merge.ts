import { recordId } from './input-text';
import { z } from './zod-ru';

// Two cards of one person become one (issue 49, admins); undone while the twin is in the Корзина.

export const clientMergeInput = z.object({
  intoId: recordId('Выберите клиента, с которым объединить'),
});
export type ClientMergeInput = z.infer<typeof clientMergeInput>;

export interface ClientMergeDto {
  mergeId: number;
  /** The twin, now in the Корзина (or back from it after an undo). */
  fromId: number;
  /** The client kept. */
  intoId: number;
  /** How many tickets and tasks moved. */
  tickets: number;
  tasks: number;
}
