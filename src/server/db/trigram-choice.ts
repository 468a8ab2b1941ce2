import type { TableTrigrams } from './trigram-stats';

/** At most this many trigrams of one query part are asked for: any subset gives a superset. */
export const MAX_TRIGRAMS = 12;

/**
 * Reading one more candidate row and checking it against the rule costs about as much as the
 * index skipping through this many rows of a trigram (measured at 2,000,000 items: a trigram
 * held by 200,000 rows adds ~2 ms to an FTS5 query; a candidate row ~3 µs; ADR 030).
 */
const DOCS_PER_ROW = 300;

interface Trigram {
  text: string;
  /** Where it first starts in the query, in characters. */
  at: number;
}

/** A string's distinct three-character pieces, each with where it first starts. */
function distinctTrigrams(text: string): Trigram[] {
  const chars = Array.from(text);
  const seen = new Map<string, number>();
  for (let at = 0; at + 3 <= chars.length; at += 1) {
    const trigram = chars.slice(at, at + 3).join('');
    if (!seen.has(trigram)) seen.set(trigram, at);
  }
  return [...seen].map(([trigram, at]) => ({ text: trigram, at }));
}

/** A string's distinct trigrams, at most MAX_TRIGRAMS of them, spread along it. */
export function trigramsOf(text: string): string[] {
  const all = distinctTrigrams(text).map((trigram) => trigram.text);
  if (all.length <= MAX_TRIGRAMS) return all;
  const step = all.length / MAX_TRIGRAMS;
  return Array.from({ length: MAX_TRIGRAMS }, (_, i) => all[Math.floor(i * step)]!);
}

/**
 * The trigrams of a string worth asking the index for, knowing how common each is: the rarest
 * first, each next one only while the rows it would rule out are worth more than walking the
 * rows that hold it. How many it rules out is a guess: trigrams sharing no character are taken
 * as independent. One sharing characters with those already asked is skipped when its new
 * characters are letters (in a word, «ван» rules out little once «ива» is asked); digits are
 * as good as independent of their neighbours (phones, serial numbers: «456» after «345» rules
 * out much), so such a trigram counts for its new digits' share of itself. Without counts:
 * trigramsOf.
 */
export function chooseTrigrams(
  text: string,
  counts: TableTrigrams | undefined,
  eligible: (trigram: string) => boolean = () => true,
  /**
   * Where the string's first or last character is in no trigram chosen, the rarest holding it is
   * asked too, however common: what ends a query tells «зайцева» from «зайцев», which the rarest
   * trigrams («зай», «цев») both name, and trigrams of one word are no way independent, as the
   * rule above takes them. PostgreSQL asks (ADR 031 amendment): each row its index names more
   * is a table page read (3,927 among in-progress tickets at 2,000,000 items for 1,787 matches;
   * 2,048 with «ева», held by a quarter of the rows: ~1 ms more in the index).
   */
  coverEnds = false,
): string[] {
  if (!counts || counts.rows === 0) return trigramsOf(text);
  const docs = (trigram: Trigram) => counts.docs.get(trigram.text) ?? 0;
  const chars = Array.from(text);
  const byRarity = distinctTrigrams(text)
    .filter((trigram) => eligible(trigram.text))
    .sort((a, b) => docs(a) - docs(b) || a.at - b.at);
  const covered = new Set<number>();
  const chosen: string[] = [];
  let expectedRows = counts.rows;
  for (const trigram of byRarity) {
    if (chosen.length === MAX_TRIGRAMS) break;
    const places = [trigram.at, trigram.at + 1, trigram.at + 2];
    const newPlaces = places.filter((place) => !covered.has(place));
    if (newPlaces.length < 3 && !newPlaces.every((place) => /\d/.test(chars[place]!))) continue;
    const share = Math.min(1, docs(trigram) / counts.rows) ** (newPlaces.length / 3);
    const ruledOut = expectedRows * (1 - share);
    if (chosen.length > 0 && ruledOut * DOCS_PER_ROW <= docs(trigram)) continue;
    chosen.push(trigram.text);
    for (const place of places) covered.add(place);
    expectedRows *= share;
  }
  if (!coverEnds) return chosen;
  for (const end of [0, chars.length - 1]) {
    if (covered.has(end) || chosen.length === MAX_TRIGRAMS) continue;
    const holding = byRarity.find((trigram) => trigram.at <= end && end < trigram.at + 3);
    if (!holding) continue;
    chosen.push(holding.text);
    for (const place of [holding.at, holding.at + 1, holding.at + 2]) covered.add(place);
  }
  return chosen;
}
