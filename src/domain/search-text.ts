import { phoneDigits } from './phone';

/**
 * The form in which names and titles are stored for search and in which queries are
 * compared: lower case (Cyrillic included, which SQLite's lower() does not do),
 * ё as е, single spaces. Written by app code on both databases.
 */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** A query made only of digits and phone punctuation is a phone search. */
const PHONE_QUERY = /^[\d\s()+\-.]+$/;

export type SearchQuery =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  /** Digit strings any one of which, found inside the stored phone digits, is a match. */
  | { kind: 'phone'; digits: string[]; text: string };

/**
 * How a search box's text is matched. Phone queries are compared by digits, so
 * '+7 (912) 345-67-89' is found by '9123456789', '89123456789' and '345-67'; a
 * leading 8 is also tried as 7 (the stored number may be written either way).
 */
export function parseSearchQuery(raw: string): SearchQuery {
  const text = normalizeSearchText(raw);
  if (!text) return { kind: 'none' };
  if (!PHONE_QUERY.test(text)) return { kind: 'text', text };
  const digits = phoneDigits(text);
  if (!digits) return { kind: 'text', text };
  const variants = new Set([digits]);
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8')))
    variants.add(digits.slice(1));
  if (digits.startsWith('8')) variants.add(`7${digits.slice(1)}`);
  return { kind: 'phone', digits: [...variants], text };
}
