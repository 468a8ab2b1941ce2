import { describe, expect, it } from 'vitest';
import { normalizeSearchText, parseSearchQuery } from './search-text';

describe('normalizeSearchText', () => {
  it.each([
    ['Фёдоров  ЁЖИК', 'федоров ежик'],
    ['  ИВАНОВ Иван ', 'иванов иван'],
    ['Smith', 'smith'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('parseSearchQuery', () => {
  it.each([
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['Фёдор', { kind: 'text', text: 'федор' }],
    ['ООО Ромашка 2', { kind: 'text', text: 'ооо ромашка 2' }],
    ['9123456789', { kind: 'phone', digits: ['9123456789'], text: '9123456789' }],
    [
      '89123456789',
      { kind: 'phone', digits: ['89123456789', '9123456789', '79123456789'], text: '89123456789' },
    ],
    [
      '+7 (912) 345-67-89',
      { kind: 'phone', digits: ['79123456789', '9123456789'], text: '+7 (912) 345-67-89' },
    ],
    ['345-67', { kind: 'phone', digits: ['34567'], text: '345-67' }],
    ['8912', { kind: 'phone', digits: ['8912', '7912'], text: '8912' }],
    ['(-)', { kind: 'text', text: '(-)' }],
  ])('%j', (input, expected) => {
    expect(parseSearchQuery(input)).toEqual(expected);
  });
});
