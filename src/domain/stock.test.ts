import { describe, expect, it } from 'vitest';
import { averageCost, ean13CheckDigit, inStoreBarcode, isLow, toOrder } from './stock';

describe('stock rules', () => {
  it('averages receipts in whole kopecks and keeps the average when a reversal would leave every price paid', () => {
    expect(averageCost(0, 0, 5, 10000)).toBe(10000);
    expect(averageCost(5, 10000, 5, 20000)).toBe(15000);
    expect(averageCost(3, 333, 1, 334)).toBe(333);
    // 10 @ 150 less the 5 @ 200 received: 100.
    expect(averageCost(10, 15000, -5, 20000)).toBe(10000);
    // Reversing a dear batch after some of it went to repairs would go below zero: kept.
    expect(averageCost(3, 340, -2, 1000)).toBe(340);
    // Nothing left: kept.
    expect(averageCost(2, 500, -2, 500)).toBe(500);
  });

  it('makes the shop’s own EAN-13 from the id, with another try when a code is taken', () => {
    expect(inStoreBarcode(123)).toBe('2000000001234');
    expect(ean13CheckDigit('460123456789')).toBe('3');
    expect(inStoreBarcode(123, 1)).toMatch(/^210000000123\d$/);
    expect(inStoreBarcode(123, 1)).not.toBe(inStoreBarcode(123));
  });

  it('runs low at or below a minimum that is set, and orders back up to twice the minimum', () => {
    expect(isLow({ available: 2, minQty: 2 })).toBe(true);
    expect(isLow({ available: 3, minQty: 2 })).toBe(false);
    expect(isLow({ available: 0, minQty: 0 })).toBe(false);
    expect(toOrder({ available: 1, minQty: 3 })).toBe(5);
    expect(toOrder({ available: 5, minQty: 2 })).toBe(1);
  });
});
