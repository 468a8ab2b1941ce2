import { describe, expect, it } from 'vitest';
import { countRu } from './plural';

const DAYS = ['день', 'дня', 'дней'] as const;

describe('countRu', () => {
  it.each([
    [1, '1 день'],
    [2, '2 дня'],
    [4, '4 дня'],
    [5, '5 дней'],
    [11, '11 дней'],
    [12, '12 дней'],
    [14, '14 дней'],
    [21, '21 день'],
    [22, '22 дня'],
    [30, '30 дней'],
    [101, '101 день'],
    [111, '111 дней'],
    [0, '0 дней'],
  ])('%i → %s', (count, expected) => {
    expect(countRu(count, DAYS)).toBe(expected);
  });
});
