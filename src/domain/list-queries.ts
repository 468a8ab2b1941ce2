// What each paged list accepts in its address (`/api/tickets?q=…&cursor=…`): the server parses
// every list request with these, and the CSV export the same lists' filters without the paging.
import { MAX_RECORD_ID, recordIdParam, searchQueryText } from './input-text';
import { TASK_STATUSES } from './task-status';
import { z } from './zod-ru';

/** A page's position (opaque, from the previous page) and size. */
const paging = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
};

export const ticketListQuery = z.object({
  q: searchQueryText.optional(),
  status: z.string().max(50).optional(),
  clientId: recordIdParam('Клиент не найден').optional(),
  ...paging,
});

export const taskListQuery = z.object({
  status: z.enum(TASK_STATUSES, { error: 'Неизвестный статус' }).optional(),
  clientId: recordIdParam('Клиент не найден').optional(),
  q: searchQueryText.optional(),
  ...paging,
});

export const clientListQuery = z.object({ q: searchQueryText.optional(), ...paging });

/** The Корзина: one page size, newest deletion first. */
export const trashListQuery = z.object({ cursor: paging.cursor });

const BAD_POSITION = 'Некорректная позиция списка, обновите страницу';

/**
 * A list's position: the id its next page starts after. Within the id column's range on both
 * databases (a larger number is a 400, not a 500).
 */
export const positionBefore = z.coerce
  .number({ error: BAD_POSITION })
  .int(BAD_POSITION)
  .positive(BAD_POSITION)
  .max(MAX_RECORD_ID, BAD_POSITION)
  .optional();

/** Older pages of a card's history: the entries before an entry's id. */
export const historyPageQuery = z.object({ before: positionBefore });
