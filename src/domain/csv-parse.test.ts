import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';
import { parseCsv } from './csv-parse';

describe('parseCsv', () => {
  it('reads what csvRow writes, with the BOM, quotes, separators and line breaks inside', () => {
    const values = ['Экран «A»; чёрный', 'с "кавычками"', 'две\r\nстроки', '', '1500,50'];
    const text = `\uFEFF${csvRow(['Название', 'Б', 'В', 'Г', 'Д'])}${csvRow(values)}`;
    expect(parseCsv(text)).toEqual([['Название', 'Б', 'В', 'Г', 'Д'], values]);
  });

  it('takes commas when the header has no semicolon, LF line ends, and keeps blank rows in place', () => {
    expect(parseCsv('a,b\n1,2\n\n3,"4,5"\n')).toEqual([['a', 'b'], ['1', '2'], [''], ['3', '4,5']]);
  });

  it('keeps a lone field and an unterminated quote to the end', () => {
    expect(parseCsv('Название')).toEqual([['Название']]);
    expect(parseCsv('a;"b\nc')).toEqual([['a', 'b\nc']]);
  });
});
