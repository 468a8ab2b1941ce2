import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv';

describe('CSV for Russian Excel', () => {
  it('quotes fields with ; quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Иванов; Иван')).toBe('"Иванов; Иван"');
    expect(csvField('Сервис «Плюс» "А"')).toBe('"Сервис «Плюс» ""А"""');
    expect(csvField('строка 1\nстрока 2')).toBe('"строка 1\nстрока 2"');
    expect(csvField('Просто текст, с запятой')).toBe('Просто текст, с запятой');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('keeps a formula from running, but not a phone number or a dash', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('+7 999 123-45-67')).toBe('+7 999 123-45-67');
    expect(csvField('-')).toBe('-');
    expect(csvField('-5')).toBe('-5');
  });

  it('joins a row with ; and ends it with CRLF', () => {
    expect(csvRow(['№', 'Название', null])).toBe('№;Название;\r\n');
  });
});
