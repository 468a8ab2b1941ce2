import { describe, expect, it } from 'vitest';
import { chooseTrigrams, MAX_TRIGRAMS, trigramsOf } from './trigram-choice';
import type { TableTrigrams } from './trigram-stats';

const counts = (rows: number, docs: Record<string, number>): TableTrigrams => ({
  rows,
  docs: new Map(Object.entries(docs)),
});

describe('chooseTrigrams', () => {
  it('asks for every trigram (up to twelve, spread along) while nothing is counted', () => {
    expect(chooseTrigrams('иванов', undefined)).toEqual(['ива', 'ван', 'ано', 'нов']);
    const long = 'иванов петр андреевич';
    expect(chooseTrigrams(long, undefined)).toEqual(trigramsOf(long));
    expect(trigramsOf(long)).toHaveLength(MAX_TRIGRAMS);
  });

  it('takes the rarest first and stops once the next would cost more than it saves', () => {
    // Of a million rows: «р а» 3 %, «в п» and «рее» ~19 %, «нов» 46 %.
    const stats = counts(1_000_000, {
      ива: 232_000,
      ван: 232_000,
      ано: 223_000,
      нов: 463_000,
      'ов ': 580_000,
      'в п': 192_000,
      ' пе': 231_000,
      пет: 231_000,
      етр: 231_000,
      'тр ': 46_800,
      'р а': 31_000,
      ' ан': 432_000,
      анд: 480_000,
      ндр: 480_000,
      дре: 317_000,
      рее: 193_000,
      еев: 193_000,
      еви: 275_000,
      вич: 500_000,
    });
    const chosen = chooseTrigrams('иванов петр андреевич', stats);
    expect(chosen[0]).toBe('р а');
    // «тр » shares two letters with «р а»: little more is ruled out by it.
    expect(chosen).not.toContain('тр ');
    expect(chosen).toEqual(['р а', 'в п', 'рее', 'ано']);
  });

  it('asks for a trigram found in no row alone: it rules out everything', () => {
    const stats = counts(1000, { абв: 400, бвг: 400, вгд: 400, где: 400 });
    expect(chooseTrigrams('абвгдеж', stats)).toEqual(['деж']);
  });

  it('keeps overlapping trigrams of digits, which are as good as independent', () => {
    const digits = { '345': 12_000, '789': 12_100, '567': 12_500, '456': 13_000, '678': 13_000 };
    // «567» adds one new digit between «345» and «789»: a tenth of the rows holding both.
    expect(chooseTrigrams('3456789', counts(1_000_000, digits))).toEqual(['345', '789', '567']);
    // Letters in the same places: «вгд» adds one letter to a word already asked for.
    const letters = { абв: 12_000, деж: 12_100, вгд: 12_500, бвг: 13_000, где: 13_000 };
    expect(chooseTrigrams('абвгдеж', counts(1_000_000, letters))).toEqual(['абв', 'деж']);
  });

  it('asked to, covers the first and last characters too, however common the trigram holding them', () => {
    // «зай» and «цев» both name «зайцев»; «ева» (a quarter of the rows) tells «зайцева» from it.
    const surname = counts(1_000_000, { зай: 34_000, айц: 34_000, йце: 34_500, цев: 34_000, ева: 234_000 });
    expect(chooseTrigrams('зайцева', surname)).toEqual(['зай', 'цев']);
    expect(chooseTrigrams('зайцева', surname, undefined, true)).toEqual(['зай', 'цев', 'ева']);
    // The first character: the rarest trigram holding it («абв» is the only one).
    const start = counts(1_000_000, { абв: 300_000, бвг: 500, вгд: 600, где: 700 });
    expect(chooseTrigrams('абвгде', start)).toEqual(['бвг']);
    expect(chooseTrigrams('абвгде', start, undefined, true)).toEqual(['бвг', 'абв', 'где']);
    // Already covered: nothing more.
    expect(
      chooseTrigrams(
        'абвгде',
        counts(1_000_000, { абв: 500, бвг: 5000, вгд: 5000, где: 600 }),
        undefined,
        true,
      ),
    ).toEqual(['абв', 'где']);
  });

  it('asks for at least one trigram and never for one the text lacks', () => {
    const stats = counts(10, { ааа: 10 });
    expect(chooseTrigrams('ааа', stats)).toEqual(['ааа']);
    for (const text of ['ааа', 'абвгдежзийклмнопрстуф', '89123456789', 'sn123456']) {
      for (const coverEnds of [false, true]) {
        const chosen = chooseTrigrams(text, counts(100, {}), undefined, coverEnds);
        expect(chosen.length).toBeGreaterThan(0);
        expect(chosen.length).toBeLessThanOrEqual(MAX_TRIGRAMS);
        for (const trigram of chosen) expect(text).toContain(trigram);
      }
    }
  });
});
