import { describe, expect, it } from 'vitest';
import { formatStateCount, isCappedCount, SEARCH_COUNT_CAP } from './state-counts';

describe('state counts', () => {
  it('while searching, shows an exact count up to the cap, and «1000+» past it', () => {
    expect(formatStateCount(0, true)).toBe('0');
    expect(formatStateCount(SEARCH_COUNT_CAP, true)).toBe('1000');
    expect(formatStateCount(SEARCH_COUNT_CAP + 1, true)).toBe('1000+');
    expect(isCappedCount(SEARCH_COUNT_CAP, true)).toBe(false);
    expect(isCappedCount(SEARCH_COUNT_CAP + 1, true)).toBe(true);
  });

  it('without a search, shows every count as it is: only a search is counted part-way', () => {
    expect(formatStateCount(SEARCH_COUNT_CAP + 1, false)).toBe('1001');
    expect(formatStateCount(90_210, false)).toBe('90210');
    expect(isCappedCount(90_210, false)).toBe(false);
  });
});
