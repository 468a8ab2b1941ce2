import { describe, expect, it } from 'vitest';
import { formatStateCount, isCappedCount, SEARCH_COUNT_CAP } from './state-counts';

describe('state counts', () => {
  it('shows an exact count up to the cap, and «1000+» past it', () => {
    expect(formatStateCount(0)).toBe('0');
    expect(formatStateCount(SEARCH_COUNT_CAP)).toBe('1000');
    expect(formatStateCount(SEARCH_COUNT_CAP + 1)).toBe('1000+');
    expect(isCappedCount(SEARCH_COUNT_CAP)).toBe(false);
    expect(isCappedCount(SEARCH_COUNT_CAP + 1)).toBe(true);
  });
});
