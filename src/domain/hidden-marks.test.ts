import { describe, expect, it } from 'vitest';
import { lineText, multiLineText } from './input-text';

describe('text that lies about itself (issue 48)', () => {
  it('a one-line field drops direction marks and zero-width characters, then trims', () => {
    const name = lineText('ФИО', 100);
    expect(name.parse('Иван\u202EвонавИ')).toBe('ИванвонавИ');
    expect(name.parse('\u200BИванов\u200D Иван\u2066\uFEFF ')).toBe('Иванов Иван');
    expect(name.parse('\u200F')).toBe('');
    expect(lineText('ФИО', 100, { required: 'Укажите ФИО' }).safeParse('\u200B\u202E').success).toBe(false);
  });

  it('a multi-line field keeps what it was given: tabs and line breaks', () => {
    expect(multiLineText('Комментарий', 100).parse('строка 1\n\tстрока 2')).toBe('строка 1\n\tстрока 2');
  });
});
