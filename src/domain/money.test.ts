import { describe, expect, it } from 'vitest';
import { amountDue, formatRubles, lineTotal, linesTotal, parseRubles, rublesInput } from './money';

describe('money in kopecks', () => {
  it('formats «1 500,00 ₽» with no-break spaces', () => {
    expect(formatRubles(150000)).toBe('1\u00a0500,00\u00a0₽');
    expect(formatRubles(5)).toBe('0,05\u00a0₽');
    expect(formatRubles(123456789)).toBe('1\u00a0234\u00a0567,89\u00a0₽');
    expect(formatRubles(-2550)).toBe('−25,50\u00a0₽');
  });

  it('reads what people type, and refuses what is not an amount', () => {
    expect(parseRubles('1500')).toBe(150000);
    expect(parseRubles('1 500,5')).toBe(150050);
    expect(parseRubles('1500.05')).toBe(150005);
    expect(parseRubles(' 2\u00a0000 ₽ ')).toBe(200000);
    expect(parseRubles('0,1')).toBe(10);
    expect(parseRubles('12,')).toBe(1200);
    for (const bad of ['', 'abc', '-5', '1,234', '1.2.3', '1e3', '1000000001']) {
      expect(parseRubles(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount it writes for editing', () => {
    for (const kopecks of [0, 1, 99, 100, 150050, 999_999_999]) {
      expect(parseRubles(rublesInput(kopecks))).toBe(kopecks);
    }
  });

  it('totals lines exactly, even where floating point would drift', () => {
    const lines = [
      { quantity: 3, price: 10, discount: 0 },
      { quantity: 1, price: 20, discount: 0 },
      { quantity: 2, price: 150000, discount: 5000 },
    ];
    expect(lineTotal(lines[2]!)).toBe(295000);
    expect(linesTotal(lines)).toBe(295050);
    expect(amountDue(295050, 100000)).toBe(195050);
    expect(amountDue(100, 300)).toBe(0);
  });
});
