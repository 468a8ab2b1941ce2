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
  const none = { text: null, number: null, phoneContains: [], phoneStartsWith: [] };
  it.each([
    ['', none],
    ['   ', none],
    ['Фёдор', { ...none, text: 'федор' }],
    ['ООО Ромашка 2', { ...none, text: 'ооо ромашка 2' }],
    ['#12', { ...none, number: 12 }],
    ['№ 12', { ...none, number: 12 }],
    ['12', { text: '12', number: 12, phoneContains: ['12'], phoneStartsWith: [] }],
    ['9123456789', { text: '9123456789', number: null, phoneContains: ['9123456789'], phoneStartsWith: [] }],
    [
      '89123456789',
      {
        text: '89123456789',
        number: null,
        phoneContains: ['89123456789'],
        phoneStartsWith: ['79123456789', '89123456789', '9123456789'],
      },
    ],
    [
      '+7 (912) 345-67-89',
      {
        text: '+7 (912) 345-67-89',
        number: null,
        phoneContains: ['79123456789'],
        phoneStartsWith: ['79123456789', '89123456789', '9123456789'],
      },
    ],
    ['345-67', { text: '345-67', number: null, phoneContains: ['34567'], phoneStartsWith: [] }],
    [
      '8912',
      { text: '8912', number: 8912, phoneContains: ['8912'], phoneStartsWith: ['7912', '8912', '912'] },
    ],
    ['77', { text: '77', number: 77, phoneContains: ['77'], phoneStartsWith: [] }],
    ['891', { text: '891', number: 891, phoneContains: ['891'], phoneStartsWith: [] }],
    ['(-)', { ...none, text: '(-)' }],
    ['#abc', { ...none, text: '#abc' }],
  ])('%j', (input, expected) => {
    expect(parseSearchQuery(input)).toEqual(expected);
  });
});
