import { describe, expect, it } from 'vitest';
import { decodeSheetText, parseSheetDate, parseSheetSum } from './sheet-values';

// Issue 56: what other repair systems' exports hold, read as the shop typed it.

describe('a file’s encoding', () => {
  const text = 'Клиент;Телефон\r\nИванов Иван;8 912 111-22-33\r\n';

  it('reads UTF-8, with or without Excel’s byte-order mark', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeSheetText(utf8)).toEqual({ text, encoding: 'utf-8' });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeSheetText(withBom)).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads Windows-1251, what Russian Excel saves as CSV', () => {
    // «Клиент» in Windows-1251.
    const bytes = new Uint8Array([0xca, 0xeb, 0xe8, 0xe5, 0xed, 0xf2, 0x3b, 0xb8]);
    expect(decodeSheetText(bytes)).toEqual({ text: 'Клиент;ё', encoding: 'windows-1251' });
  });
});

describe('a date', () => {
  it.each([
    ['31.12.2025', { date: '2025-12-31', time: null }],
    ['1.2.2025', { date: '2025-02-01', time: null }],
    ['31.12.25', { date: '2025-12-31', time: null }],
    ['01.02.98', { date: '1998-02-01', time: null }],
    ['31/12/2025', { date: '2025-12-31', time: null }],
    ['31.12.2025 14:30', { date: '2025-12-31', time: '14:30' }],
    ['31.12.2025, 9:05:59', { date: '2025-12-31', time: '09:05' }],
    ['2025-12-31', { date: '2025-12-31', time: null }],
    ['2025-12-31T14:30:00', { date: '2025-12-31', time: '14:30' }],
    ['29.02.2024', { date: '2024-02-29', time: null }],
  ])('reads «%s»', (text, expected) => {
    expect(parseSheetDate(text)).toEqual(expected);
  });

  it.each(['32.01.2025', '29.02.2025', '12.13.2025', '31.12.2025 25:00', 'вчера', '', '2025', '31.12.1899'])(
    'refuses «%s»',
    (text) => {
      expect(parseSheetDate(text)).toBeNull();
    },
  );

  it('takes an Excel cell already read as a date, its wall-clock time as written', () => {
    expect(parseSheetDate(new Date(Date.UTC(2025, 11, 31, 14, 30)))).toEqual({
      date: '2025-12-31',
      time: '14:30',
    });
    expect(parseSheetDate(new Date(Date.UTC(2025, 11, 31)))).toEqual({ date: '2025-12-31', time: null });
    expect(parseSheetDate(new Date(Date.UTC(2025, 0, 20, 10, 14, 59, 999)))).toEqual({
      date: '2025-01-20',
      time: '10:15',
    });
    expect(parseSheetDate(new Date(NaN))).toBeNull();
  });
});

describe('a sum', () => {
  it.each([
    ['1 500,50', 150050],
    ['1\u00a0500,50', 150050],
    ['1500.5', 150050],
    ['1 500 ₽', 150000],
    ['0', 0],
  ])('reads «%s»', (text, kopecks) => {
    expect(parseSheetSum(text)).toBe(kopecks);
  });

  it.each(['-100', '1,505', 'сто', '1.500,50'])('refuses «%s»', (text) => {
    expect(parseSheetSum(text)).toBeNull();
  });

  it('takes an Excel number, rounding its float to kopecks', () => {
    expect(parseSheetSum(1500.4999999999)).toBe(150050);
    expect(parseSheetSum(-1)).toBeNull();
  });
});
