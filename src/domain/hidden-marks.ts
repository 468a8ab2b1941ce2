// Kept apart from input-text.ts (zod) so that the server's file names use it without zod.

/**
 * The invisible marks that reorder or hide text: the Arabic letter mark, zero-width spaces and
 * joiners, left-to-right and right-to-left marks, embeddings, overrides and isolates, the word
 * joiner and its kin, and a byte-order mark. «Иван<U+202E>вонавИ» reads as «ИванИванов»; no
 * keyboard types them.
 */
export const HIDDEN_MARKS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

const EVERY_HIDDEN_MARK = new RegExp(HIDDEN_MARKS.source, 'gu');

/** The text without its hidden marks. */
export function withoutHiddenMarks(text: string): string {
  return text.replace(EVERY_HIDDEN_MARK, '');
}
