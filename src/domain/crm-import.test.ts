import { describe, expect, it } from 'vitest';
import { guessColumns, guessStatus, readImportRow, statusWords, type ImportMapping } from './crm-import';

// Issue 56: a spreadsheet from another repair system, column by column and row by row.

const titles = [
  '№',
  'Дата приёма',
  'Клиент',
  'Тел.',
  'E-mail',
  'Модель',
  'IMEI/SN',
  'Неисправность',
  'Статус',
  'Итого',
  'Оплачено',
  'Примечание',
  'Мастер',
  'Пароль',
];

describe('guessing the columns', () => {
  it('knows the usual Russian titles, each field once; the rest are left out', () => {
    expect(guessColumns(titles)).toEqual([
      'number',
      'createdAt',
      'clientName',
      'phone',
      'email',
      'device',
      'serial',
      'complaint',
      'status',
      'total',
      'paid',
      'comment',
      'skip',
      'skip',
    ]);
    expect(guessColumns(['Телефон', 'ФИО', 'Телефон клиента', 'Серийный номер'])).toEqual([
      'phone',
      'clientName',
      'skip',
      'serial',
    ]);
  });

  it('guesses a status word, or leaves it to the admin', () => {
    expect(guessStatus('Выдан')).toBe('closed');
    expect(guessStatus('  в работе ')).toBe('in_repair');
    expect(guessStatus('Готов к выдаче')).toBe('repair_done');
    expect(guessStatus('Ждёт запчасть')).toBe('in_repair');
    expect(guessStatus('Гарантийный')).toBeNull();
  });
});

describe('reading a row', () => {
  const mapping: ImportMapping = {
    columns: [
      'number',
      'createdAt',
      'clientName',
      'phone',
      'email',
      'device',
      'serial',
      'complaint',
      'status',
      'total',
      'paid',
      'note',
      'note',
      'skip',
    ],
    statuses: { выдан: 'closed', 'в работе': 'in_repair' },
  };
  const row = (overrides: Record<number, string>) => {
    const cells = [
      'A-17',
      '31.12.2025 14:30',
      'Иванов Иван',
      '8 (912) 111-22-33',
      'ivan@example.ru',
      'iPhone 12',
      'SN1',
      'Не заряжается',
      'Выдан',
      '1 500,50',
      '1500',
      'Звонить после 18',
      'Петров',
      'секрет',
    ];
    for (const [at, value] of Object.entries(overrides)) cells[Number(at)] = value;
    return readImportRow(cells, 2, titles, mapping);
  };

  it('makes a client and a repair of it, Russian dates and sums read', () => {
    expect(row({})).toEqual({
      line: 2,
      row: {
        line: 2,
        number: 'A-17',
        client: {
          name: 'Иванов Иван',
          phone: '8 (912) 111-22-33',
          phoneKey: '79121112233',
          email: 'ivan@example.ru',
        },
        device: 'iPhone 12',
        serial: 'SN1',
        complaint: 'Не заряжается',
        status: 'closed',
        createdAt: { date: '2025-12-31', time: '14:30' },
        closedAt: null,
        total: 150050,
        paid: 150000,
        comment: '',
        note: 'Примечание: Звонить после 18\nМастер: Петров',
      },
    });
  });

  it('says what is wrong with a row, in Russian', () => {
    expect(row({ 2: '', 3: '' })).toEqual({ line: 2, error: 'Нет ни имени клиента, ни телефона' });
    expect(row({ 5: '', 7: '' })).toEqual({ line: 2, error: 'Нет ни устройства, ни неисправности' });
    expect(row({ 1: '32.01.2025' })).toEqual({ line: 2, error: 'Дата приёма: «32.01.2025» — не дата' });
    expect(row({ 9: 'тысяча' })).toEqual({ line: 2, error: 'Сумма: «тысяча» — не сумма' });
    expect(row({ 3: '12' })).toEqual({ line: 2, error: 'Телефон «12»: слишком мало цифр' });
    expect(row({ 2: 'x'.repeat(201) })).toEqual({ line: 2, error: 'Клиент: длиннее 200 символов' });
  });

  it('refuses a phone Excel rounded, a payment without a day; «нет» is no phone', () => {
    expect(row({ 3: '7,91211E+10' })).toEqual({
      line: 2,
      error: 'Телефон «7,91211E+10»: Excel записал его числом и округлил — сохраните столбец как текст',
    });
    expect(row({ 1: '' })).toEqual({ line: 2, error: 'Оплачено, но нет ни даты приёма, ни даты выдачи' });
    const noPhone = row({ 3: 'нет' });
    expect('row' in noPhone && noPhone.row.client).toMatchObject({ phone: '', phoneKey: '' });
    expect(row({ 9: 'x'.repeat(100) })).toEqual({ line: 2, error: `Сумма: «${'x'.repeat(59)}…» — не сумма` });
  });

  it('never takes a status from an object’s own names', () => {
    const read = row({ 8: 'constructor' });
    expect('row' in read && read.row.status).toBe('new');
  });

  it('takes an unknown or empty status as «Новая»; a phone alone names the client', () => {
    const read = row({ 8: 'Что-то своё', 2: '' });
    expect('row' in read && [read.row.status, read.row.client.name]).toEqual(['new', '8 (912) 111-22-33']);
  });

  it('takes Excel’s own numbers and dates', () => {
    const cells = [
      '1',
      new Date(Date.UTC(2025, 0, 15)),
      'Петров',
      '',
      '',
      'Ноутбук',
      '',
      '',
      'в работе',
      2500.5,
      0,
      '',
      '',
      '',
    ];
    const read = readImportRow(cells, 3, titles, mapping);
    expect('row' in read && read.row).toMatchObject({
      createdAt: { date: '2025-01-15', time: null },
      total: 250050,
      status: 'in_repair',
    });
  });
});

it('lists a file’s status words, the most used first, with a guess for each', () => {
  const rows = [['Выдан'], ['выдан'], ['В работе'], [''], ['Гарантия']];
  expect(statusWords(rows, ['status'])).toEqual([
    { key: 'выдан', word: 'Выдан', count: 2, guess: 'closed' },
    { key: 'в работе', word: 'В работе', count: 1, guess: 'in_repair' },
    { key: 'гарантия', word: 'Гарантия', count: 1, guess: null },
  ]);
});
