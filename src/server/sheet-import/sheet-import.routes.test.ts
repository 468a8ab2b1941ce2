import { expect, it, beforeAll } from 'vitest';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import type { ImportBatchDto, ImportPreviewDto } from '../../domain/sheet-import-dto';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { TicketMoneyDto } from '../../domain/money';
import { multipart } from '../test/multipart';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 56: a shop moves in from another repair system's spreadsheet — both encodings, both
// separators, Excel, Russian dates and sums; a repeat adds nothing; undo removes exactly the batch.

const HEADER = [
  '№',
  'Дата приёма',
  'Клиент',
  'Телефон',
  'Модель',
  'IMEI/SN',
  'Неисправность',
  'Статус',
  'Сумма',
  'Оплачено',
  'Мастер',
];
const ROWS = [
  [
    'R-1',
    '31.12.2025 14:30',
    'Иванов Иван',
    '8 (912) 111-22-33',
    'iPhone 12',
    'SN-1',
    'Не заряжается',
    'Выдан',
    '1 500,50',
    '1 500,50',
    'Петров',
  ],
  [
    'R-2',
    '15.01.2026',
    'Иванов Иван',
    '+7 912 111 22 33',
    'iPad Air',
    '',
    'Разбит экран',
    'В работе',
    '4 000',
    '1000',
    'Петров',
  ],
  [
    'R-3',
    '16.01.2026',
    'Старый Клиент',
    '8 900 555-44-33',
    'Samsung A52',
    '',
    'Нет звука',
    'Готов',
    '',
    '',
    '',
  ],
  ['R-4', '32.01.2026', 'Ошибкин', '8 900 000-00-01', 'Nokia', '', 'Кнопка', 'Новый', '', '', ''],
  ['R-5', '17.01.2026', '', '', 'Xiaomi', '', 'Не включается', 'Новый', '', '', ''],
];

const csv = (separator: ';' | ',', rows: string[][] = ROWS) =>
  [HEADER, ...rows]
    .map((row) => row.map((cell) => (cell.includes(separator) ? `"${cell}"` : cell)).join(separator))
    .join('\r\n');

/** Windows-1251 bytes of a text (Cyrillic, digits, punctuation: all this file uses). */
function cp1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (ch === 'ё') bytes.push(0xb8);
    else if (ch === 'Ё') bytes.push(0xa8);
    else if (ch === '№') bytes.push(0xb9);
    else throw new Error(`no Windows-1251 byte for ${ch}`);
  }
  return Buffer.from(bytes);
}

describeEachDatabase('import from another repair system’s spreadsheet', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => admin);

  const send = (url: string, name: string, content: Buffer, mapping?: object, who: SignedIn = admin) => {
    const body = multipart(
      [{ filename: name, content, type: 'text/csv' }],
      mapping ? { mapping: JSON.stringify(mapping) } : {},
    );
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
  };
  const count = async (table: 'tickets' | 'clients' | 'payments' | 'ticket_lines' | 'history') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    tickets: await count('tickets'),
    clients: await count('clients'),
    payments: await count('payments'),
    lines: await count('ticket_lines'),
    history: await count('history'),
  });
  async function finished(id: number): Promise<ImportBatchDto> {
    for (let i = 0; i < 200; i += 1) {
      const batch = (await call('GET', `/api/sheet-import/${id}`)).json<{ batch: ImportBatchDto }>().batch;
      if (batch.state !== 'running') return batch;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the import did not finish');
  }
  async function importFile(name: string, content: Buffer) {
    const preview = (await send('/api/sheet-import/preview', name, content)).json<ImportPreviewDto>();
    const started = await send('/api/sheet-import', name, content, {
      columns: preview.columns,
      statuses: Object.fromEntries(preview.statusWords.map((w) => [w.key, w.guess ?? 'new'])),
      ticketType: 'Гарантийный ремонт',
      payMethod: 'card',
    });
    expect(started.statusCode, started.body).toBe(202);
    return finished(started.json<{ batch: ImportBatchDto }>().batch.id);
  }

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
    // A client the shop already has: the import finds them by phone, however it is written.
    await call('POST', '/api/clients', { fullName: 'Старый Клиент', phone: '+79005554433' });
  });

  it('previews a Windows-1251 file with «;»: columns guessed, Russian values read, bad rows by line', async () => {
    const response = await send('/api/sheet-import/preview', 'ремонты.csv', cp1251(csv(';')));
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreviewDto>();
    expect(preview.encoding).toBe('windows-1251');
    expect(preview.titles).toEqual(HEADER);
    expect(preview.columns).toEqual([
      'number',
      'createdAt',
      'clientName',
      'phone',
      'device',
      'serial',
      'complaint',
      'status',
      'total',
      'paid',
      'skip',
    ]);
    expect(preview.sample[0]).toEqual({ line: 2, cells: ROWS[0] });
    expect(preview).toMatchObject({
      rows: 5,
      ready: 3,
      alreadyImported: 0,
      newClients: 1,
      knownClients: 1,
      refused: 2,
    });
    expect(preview.refusals).toEqual([
      { line: 5, error: 'Дата приёма: «32.01.2026» — не дата' },
      { line: 6, error: 'Нет ни имени клиента, ни телефона' },
    ]);
    expect(preview.statusWords.map((w) => [w.word, w.guess])).toEqual([
      ['Новый', 'new'],
      ['В работе', 'in_repair'],
      ['Выдан', 'closed'],
      ['Готов', 'repair_done'],
    ]);
  });

  it('imports it; a repeat adds nothing; undo removes exactly the batch, and it can come in again', async () => {
    const before = await counts();
    const batch = await importFile('ремонты.csv', cp1251(csv(';')));
    expect(batch).toMatchObject({
      state: 'done',
      rowsTotal: 3,
      rowsDone: 3,
      ticketsCreated: 3,
      clientsCreated: 1,
      rowsSkipped: 0,
      rowsRefused: 2,
    });
    expect(await counts()).toEqual({
      tickets: before.tickets + 3,
      clients: before.clients + 1,
      payments: before.payments + 2,
      lines: before.lines + 2,
      history: before.history + 4,
    });
    const rows = await ctx.database.db
      .selectFrom('tickets')
      .innerJoin('import_batch_items', 'import_batch_items.record_id', 'tickets.id')
      .select(['tickets.id', 'tickets.client_name'])
      .where('import_batch_items.batch_id', '=', batch.id)
      .where('import_batch_items.kind', '=', 'ticket')
      .orderBy('tickets.id')
      .execute();
    const first = (await call('GET', `/api/tickets/${rows[0]!.id}`)).json<{ ticket: TicketDetailDto }>()
      .ticket;
    expect(first).toMatchObject({
      title: 'Гарантийный ремонт',
      status: 'closed',
      intake: 'walk_in',
      device: 'iPhone 12',
      serialNumber: 'SN-1',
      complaint: 'Не заряжается',
      clientName: 'Иванов Иван',
      createdAt: '2025-12-31T11:30:00.000Z',
      description: 'Номер в прежней системе: R-1',
    });
    const money = (await call('GET', `/api/tickets/${rows[0]!.id}/money`)).json<{ money: TicketMoneyDto }>()
      .money;
    expect(money).toMatchObject({ total: 150050, paid: 150050, due: 0 });
    expect(money.payments).toMatchObject([{ method: 'card', amount: 150050 }]);
    // Two rows of one phone: one client; the shop's own client found by phone.
    expect(rows.map((r) => r.client_name)).toEqual(['Иванов Иван', 'Иванов Иван', 'Старый Клиент']);

    const again = await importFile('ремонты-копия.csv', cp1251(csv(';')));
    expect(again).toMatchObject({ state: 'done', ticketsCreated: 0, clientsCreated: 0, rowsSkipped: 3 });
    expect((await counts()).tickets).toBe(before.tickets + 3);

    const undone = await call('POST', `/api/sheet-import/${batch.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ batch: ImportBatchDto }>().batch).toMatchObject({
      state: 'undone',
      undoneByName: admin.user.displayName,
    });
    expect(await counts()).toEqual(before);
    expect((await call('POST', `/api/sheet-import/${batch.id}/undo`)).statusCode).toBe(409);
    const back = await importFile('ремонты.csv', cp1251(csv(';')));
    expect(back).toMatchObject({ ticketsCreated: 3 });
    await call('POST', `/api/sheet-import/${back.id}/undo`);
  });

  it('reads UTF-8 with «,» and an Excel workbook with its own dates and numbers', async () => {
    const utf8 = Buffer.from(
      `\uFEFF${csv(',', [['U-1', '01.02.2026', 'Запятов Пётр', '8 911 000-11-22', 'Ноутбук, ASUS', '', 'Греется', 'Выдан', '2 500,00', '2500', '']])}`,
    );
    const fromCsv = await importFile('utf8.csv', utf8);
    expect(fromCsv).toMatchObject({ state: 'done', ticketsCreated: 1, rowsRefused: 0 });
    const device = await ctx.database.db
      .selectFrom('tickets')
      .select('device')
      .where('client_name', '=', 'Запятов Пётр')
      .executeTakeFirstOrThrow();
    expect(device.device).toBe('Ноутбук, ASUS');

    const header: Cell[] = HEADER.map((title) => ({ type: String, value: title }));
    const xlsx = await writeXlsxFile([
      {
        sheet: 'Заказы',
        data: [
          header,
          [
            { type: String, value: 'X-1' },
            { type: Date, value: new Date(Date.UTC(2026, 0, 20, 10, 15)), format: 'dd.mm.yyyy hh:mm' },
            { type: String, value: 'Экселев Эдуард' },
            { type: String, value: '89123334455' },
            { type: String, value: 'Pixel 7' },
            null,
            { type: String, value: 'Не ловит сеть' },
            { type: String, value: 'Готов' },
            { type: Number, value: 3200.5 },
            { type: Number, value: 0 },
            null,
          ],
        ],
      },
    ]).toBuffer();
    const preview = (await send('/api/sheet-import/preview', 'заказы.xlsx', xlsx)).json<ImportPreviewDto>();
    expect(preview).toMatchObject({ encoding: 'xlsx', rows: 1, ready: 1 });
    const fromXlsx = await importFile('заказы.xlsx', xlsx);
    expect(fromXlsx).toMatchObject({ state: 'done', ticketsCreated: 1 });
    const ticket = await ctx.database.db
      .selectFrom('tickets')
      .select(['status', 'created_at', 'lines_total', 'paid'])
      .where('client_name', '=', 'Экселев Эдуард')
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ status: 'repair_done', created_at: '2026-01-20T07:15:00.000Z' });
    expect([Number(ticket.lines_total), Number(ticket.paid)]).toEqual([320050, 0]);
  });

  it('will not undo a batch once someone changed what it made', async () => {
    const batch = await importFile(
      'правка.csv',
      Buffer.from(csv(';', [ROWS[1]!.map((c, i) => (i === 0 ? 'E-1' : c))])),
    );
    const item = await ctx.database.db
      .selectFrom('import_batch_items')
      .select('record_id')
      .where('batch_id', '=', batch.id)
      .where('kind', '=', 'ticket')
      .executeTakeFirstOrThrow();
    await call('PATCH', `/api/tickets/${item.record_id}`, { repairSummary: 'Заменили экран' });
    const refused = await call('POST', `/api/sheet-import/${batch.id}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      `После загрузки изменили заявку #${item.record_id}: загрузку уже нельзя отменить целиком`,
    );
    expect((await call('GET', `/api/tickets/${item.record_id}`)).statusCode).toBe(200);
  });

  it('will not undo a batch whose repair has since been paid or talked about', async () => {
    for (const [number, work] of [
      [
        'P-1',
        (id: number) =>
          call('POST', `/api/tickets/${id}/payments`, { kind: 'payment', method: 'card', amount: 10000 }),
      ],
      [
        'C-1',
        (id: number) =>
          call('POST', `/api/tickets/${id}/comments`, { body: 'Проверить', clientKey: `undo-${id}-key` }),
      ],
    ] as const) {
      const batch = await importFile(
        'работа.csv',
        Buffer.from(csv(';', [ROWS[2]!.map((c, i) => (i === 0 ? number : c))])),
      );
      const item = await ctx.database.db
        .selectFrom('import_batch_items')
        .select('record_id')
        .where('batch_id', '=', batch.id)
        .where('kind', '=', 'ticket')
        .executeTakeFirstOrThrow();
      expect((await work(item.record_id)).statusCode).toBeLessThan(300);
      const refused = await call('POST', `/api/sheet-import/${batch.id}/undo`);
      expect(refused.statusCode, number).toBe(409);
      expect((await call('GET', `/api/tickets/${item.record_id}`)).statusCode).toBe(200);
    }
  });

  it('refuses what is not a spreadsheet, and anyone without «Настройки»', async () => {
    const binary = await send(
      '/api/sheet-import/preview',
      'photo.csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]),
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json<{ error: { message: string } }>().error.message).toBe(
      'Это не таблица: нужен файл .xlsx или .csv',
    );
    const empty = await send('/api/sheet-import/preview', 'пусто.csv', Buffer.from('\r\n'));
    expect(empty.json<{ error: { message: string } }>().error.message).toBe(
      'Файл пуст: в первой строке должны быть заголовки',
    );
    const openQuote = await send(
      '/api/sheet-import/preview',
      'кавычка.csv',
      Buffer.from(`${HEADER.join(';')}\r\n"R-1;Иванов`),
    );
    expect(openQuote.json<{ error: { message: string } }>().error.message).toBe(
      'В файле не закрыта кавычка: проверьте его в Excel и сохраните заново',
    );
    const wide = await writeXlsxFile([
      {
        sheet: 'Широкая',
        data: [Array.from({ length: 250 }, (_, i): Cell => ({ type: String, value: `Столбец ${i}` }))],
      },
    ]).toBuffer();
    const tooWide = await send('/api/sheet-import/preview', 'широкая.xlsx', wide);
    expect(tooWide.json<{ error: { message: string } }>().error.message).toMatch(
      /^Таблица больше 60.000 строк или 200 столбцов: разделите файл на части$/,
    );
    const noType = await send('/api/sheet-import', 'ремонты.csv', Buffer.from(csv(';')), {
      columns: [],
      ticketType: 'Нет такого',
    });
    expect(noType.json<{ error: { message: string } }>().error.message).toBe('Выберите тип заявки из списка');
    expect(
      (await send('/api/sheet-import/preview', 'ремонты.csv', Buffer.from(csv(';')), undefined, staff))
        .statusCode,
    ).toBe(403);
  });
});
