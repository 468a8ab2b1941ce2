import { phoneDigits } from './phone';

/**
 * The form in which names and titles are stored for search and in which queries are
 * compared: lower case (Cyrillic included, which SQLite's lower() does not do),
 * ё as е, single spaces. Written by app code on both databases.
 */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** A query made only of digits and phone punctuation may be a phone number. */
const PHONE_QUERY = /^[\d\s()+\-.]+$/;
/** `#12` or `№ 12`: a ticket's or task's number, and nothing else. */
const NUMBER_QUERY = /^[#№]\s*(\d{1,9})$/;

/**
 * What a search box's text matches, the same in every list (clients, tickets, tasks,
 * the worklist). Any condition that is set may match.
 */
export interface SearchQuery {
  /** Normalised text found inside names and titles; null when only a number is meant. */
  text: string | null;
  /** A record's number: `#12`, `№12`, or a query of up to 9 digits. */
  number: number | null;
  /** Digit strings found anywhere in the stored phone digits. */
  phoneContains: string[];
  /** Digit strings a stored phone's digits start with (the national part after 8 or +7). */
  phoneStartsWith: string[];
}

export const NO_SEARCH: SearchQuery = { text: null, number: null, phoneContains: [], phoneStartsWith: [] };

export function isSearching(search: SearchQuery): boolean {
  return search.text !== null || search.number !== null;
}

/**
 * How a search box's text is matched. `#12` / `№12` is a number only. Digits (with
 * phone punctuation) match a number, a phone and text alike: '+7 (912) 345-67-89',
 * '89123456789', '9123456789' and '345-67' all find +7 912 345-67-89. A leading 8 or 7
 * is the trunk or country prefix: '8912' finds phones starting 8912, 7912 or 912, but
 * not one that merely contains 7912 in the middle (from four digits on: '77' is a number).
 */
export function parseSearchQuery(raw: string): SearchQuery {
  const text = normalizeSearchText(raw);
  if (!text) return NO_SEARCH;
  const numbered = NUMBER_QUERY.exec(text);
  if (numbered) return { ...NO_SEARCH, number: Number(numbered[1]) };
  const digits = PHONE_QUERY.test(text) ? phoneDigits(text) : '';
  if (!digits) return { ...NO_SEARCH, text };
  // Only a number long enough to be one: '77' is a ticket number, not «every +7 phone».
  const national = /^[78]\d{3}/.test(digits) ? digits.slice(1) : null;
  return {
    text,
    number: /^\d{1,9}$/.test(text) ? Number(text) : null,
    phoneContains: [digits],
    phoneStartsWith: national ? [`7${national}`, `8${national}`, national] : [],
  };
}
