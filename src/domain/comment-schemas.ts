import { COMMENT_MAX_LENGTH } from './comments';
import { baseVersionSchema } from './edit-versions';
import { multiLineText, recordIdParam } from './input-text';
import { z } from './zod-ru';

// What the comment routes take (issue 55): apart from comments.ts, so that the worklist and the
// shell, which show mentions, do not load zod (build/first-screens-chunk.ts).

const body = multiLineText('Комментарий', COMMENT_MAX_LENGTH);

/**
 * The browser's own key for a comment, made when it is written: a comment sent again (offline,
 * a lost answer) is found by it and stored once.
 */
const clientKey = z
  .string({ error: 'Нет ключа комментария' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Нет ключа комментария');

export const commentCreateInput = z.object({ body: body.default(''), clientKey });
export type CommentCreateInput = z.input<typeof commentCreateInput>;
export type CommentCreateData = z.output<typeof commentCreateInput>;

export const commentEditInput = z.object({
  version: baseVersionSchema,
  body: body.min(1, 'Напишите комментарий'),
});
export type CommentEditInput = z.input<typeof commentEditInput>;

/** `?version=3` on a deletion: the version the author saw. */
export const commentDeleteQuery = z.object({ version: z.coerce.number().pipe(baseVersionSchema) });

/** `?before=120`: the comments older than this one. */
export const commentPageQuery = z.object({
  before: recordIdParam('Некорректная страница').optional(),
});
