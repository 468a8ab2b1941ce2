/**
 * Search for one or two characters (issue 22): a trigram index cannot answer «ab» or «7», so each
 * row is also indexed by every single character and every pair of characters it holds. On SQLite
 * they are FTS5 tokens of letters only (the `ascii` tokenizer splits on anything else), made by
 * gramTokens, which the database calls from its triggers (registered in database.ts); PostgreSQL
 * keeps the same pieces as an array (migration 0017's search_grams function) under a GIN index.
 */

/** Letters per character: 26^5 covers every Unicode code point (0x10FFFF). */
const LETTERS_PER_CHAR = 5;

function encodeChar(char: string): string {
  let code = char.codePointAt(0)!;
  let letters = '';
  for (let i = 0; i < LETTERS_PER_CHAR; i += 1) {
    letters = String.fromCharCode(97 + (code % 26)) + letters;
    code = Math.floor(code / 26);
  }
  return letters;
}

/** A one- or two-character piece of text as one FTS5 token of lower-case letters. */
export function gramToken(gram: string): string {
  return Array.from(gram).map(encodeChar).join('');
}

/** The distinct one- and two-character pieces of a text. */
export function gramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i += 1) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

/** What the SQLite trigger indexes for a row's searched text: its pieces as tokens. */
export function gramTokens(text: string): string {
  return gramsOf(text).map(gramToken).join(' ');
}
