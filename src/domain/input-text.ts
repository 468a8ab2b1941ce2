import { z } from './zod-ru';
import { CONTROL_CHARACTER_MESSAGE } from './control-characters';
import { withoutHiddenMarks } from './hidden-marks';

export { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from './control-characters';
import { hasControlCharacter } from './control-characters';

interface LineTextOptions {
  /** Makes the field required: this message for a missing, non-text or empty value. */
  required?: string;
}

/**
 * A one-line text field: without hidden marks (hidden-marks.ts: a name must read as it is),
 * trimmed, at most `max` characters, no control characters. `label` starts each message
 * («ФИО: недопустимый символ»).
 */
export function lineText(label: string, max: number, { required }: LineTextOptions = {}) {
  const text = z
    .string({ error: required ?? `${label}: ожидается текст` })
    .overwrite(withoutHiddenMarks)
    .trim()
    .max(max, `${label} не длиннее ${max} символов`)
    .refine((value) => !hasControlCharacter(value, false), `${label}: ${CONTROL_CHARACTER_MESSAGE}`);
  return required ? text.min(1, required) : text;
}

/** A multi-line text field: like lineText, but tabs and line breaks stay. */
export function multiLineText(label: string, max: number) {
  return z
    .string({ error: `${label}: ожидается текст` })
    .trim()
    .max(max, `${label}: не длиннее ${max} символов`)
    .refine((value) => !hasControlCharacter(value, true), `${label}: ${CONTROL_CHARACTER_MESSAGE}`);
}

/** The largest id a record can have: PostgreSQL's `integer`, shared by both databases. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id in a payload (a client, an employee): a whole number that can exist. */
export function recordId(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
}

/** A record id in a query string (`?clientId=12`). */
export function recordIdParam(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
}

/** What a person types into a search box. */
export const searchQueryText = z
  .string()
  .max(200, 'Слишком длинный запрос')
  .refine((value) => !hasControlCharacter(value, false), `Поиск: ${CONTROL_CHARACTER_MESSAGE}`);
