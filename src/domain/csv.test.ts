import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv';

describe('CSV for Russian Excel', () => {
  it('quotes fields with ; quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Иванов; Иван')).toBe('"Иванов; Иван"');
    expect(csvField('Сервис «Плюс» "А"')).toBe('"Сервис «Плюс» ""А"""');
    expect(csvField('строка 1\nстрока 2')).toBe('"строка 1\nстрока 2"');
    expect(csvField('Просто текст, с запятой')).toBe('"Просто текст, с запятой"');
    expect(csvField("x,=1+cmd|' /C calc'!A0")).toBe(`"x,=1+cmd|' /C calc'!A0"`);
    expect(csvField('Просто текст')).toBe('Просто текст');
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
    expect(csvField('-12,5')).toBe('"-12,5"');
    expect(csvField('8 (912) 345-67-89')).toBe('8 (912) 345-67-89');
  });

  it('neutralises a formula that starts with a sign and a digit (issue 48)', () => {
    expect(csvField('-1*0+WEBSERVICE("http://x")')).toBe(`"'-1*0+WEBSERVICE(""http://x"")"`);
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-5 руб')).toBe("'-5 руб");
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    expect(csvField('-1-1')).toBe("'-1-1");
  });

  it('joins a row with ; and ends it with CRLF', () => {
    expect(csvRow(['№', 'Название', null])).toBe('№;Название;\r\n');
  });
});
