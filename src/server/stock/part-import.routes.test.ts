import { beforeAll, expect, it } from 'vitest';
import { IMPORT_HEADER_MESSAGE } from '../../domain/part-import';
import type { Page } from '../../domain/page';
import { inStoreBarcode, type ImportReport, type PartDto, type ReceiptDto } from '../../domain/stock';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 51: a catalogue from a spreadsheet's CSV — a dry run first, an error for each bad row,
// the opening stock as one receipt, and a second run of the same file adding nothing.

const FILE = [
  '\uFEFFНазвание;Артикул;Штрихкод;Модели;Ед.;Цена закупки;Цена продажи;Количество;Минимум;Место',
  'Экран Redmi Note 10;RN10-LCD;;Redmi Note 10, Note 10S;шт;1 800,00;3500;4;1;А-1',
  'Шлейф кнопки;;4600000000017;;шт;;200;;;',
  ';;;;;;;;;',
  ';;;;;;;;;;Без названия',
  'Стекло;;;;;abc;;;;',
  'Термопаста;TP-1;;;г;1,5;;12,5;;',
  'Экран Redmi Note 10 (дубль);rn10-lcd;;;;;;2;;',
  '"Разъём; Type-C";TC-1;;;;50;150;10;5;Б-2',
].join('\r\n');

describeEachDatabase('catalogue import from CSV', (ctx) => {
  let admin: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const run = async (csv: string, dryRun: boolean) => {
    const response = await call('POST', '/api/parts/import', { csv, dryRun });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { report: ImportReport }).report;
  };
  const catalogue = async () => ((await call('GET', '/api/parts?limit=200')).json() as Page<PartDto>).items;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
  });

  it('shows what a file would do, adds it once with its stock, and adds nothing the second time', async () => {
    const preview = await run(FILE, true);
    expect(preview).toMatchObject({ dryRun: true, added: 3, skipped: 1, errors: 3, receiptId: null });
    expect(preview.rows.map((row) => [row.line, row.status, row.message])).toEqual([
      [2, 'add', ''],
      [3, 'add', ''],
      [5, 'error', 'Укажите название запчасти'],
      [6, 'error', 'Цена закупки: «abc» — не сумма'],
      [7, 'error', 'Количество: «12,5» — не целое число до 10 000'],
      [8, 'skip', 'Артикул rn10-lcd уже в каталоге'],
      [9, 'add', ''],
    ]);
    expect(await catalogue()).toEqual([]);

    const applied = await run(FILE, false);
    expect(applied).toMatchObject({ dryRun: false, added: 3, skipped: 1, errors: 3 });
    const parts = await catalogue();
    expect(parts.map((p) => [p.name, p.onHand, p.avgCost, p.price, p.minQty, p.place])).toEqual([
      ['Разъём; Type-C', 10, 5000, 15000, 5, 'Б-2'],
      ['Шлейф кнопки', 0, 0, 20000, 0, ''],
      ['Экран Redmi Note 10', 4, 180000, 350000, 1, 'А-1'],
    ]);
    expect(parts.find((p) => p.name === 'Шлейф кнопки')?.barcode).toBe('4600000000017');
    const receipt = (
      (await call('GET', `/api/stock/receipts/${applied.receiptId}`)).json() as { receipt: ReceiptDto }
    ).receipt;
    expect(receipt).toMatchObject({ note: 'Импорт каталога', total: 10 * 5000 + 4 * 180000 });

    const again = await run(FILE, false);
    expect(again).toMatchObject({ added: 0, skipped: 4, errors: 3, receiptId: null });
    expect(await catalogue()).toHaveLength(3);
    // A part created afterwards gets the next id: the import moved the table's numbering on.
    const next = await call('POST', '/api/parts', { name: 'После импорта' });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('gives a part without a code the shop’s own, never one a row of the file brings', async () => {
    const next = ((await call('POST', '/api/parts', { name: 'Счётчик номеров' })).json() as { part: PartDto })
      .part.id;
    // The next two parts get ids next+1 and next+2; the file claims next+2's usual code first.
    const claimed = inStoreBarcode(next + 2);
    const file = ['Название;Штрихкод', `Чужой код;${claimed}`, 'Без кода'].join('\r\n');
    const report = await run(file, false);
    expect(report).toMatchObject({ added: 2, errors: 0 });
    const own = (await catalogue()).find((p) => p.name === 'Без кода');
    expect(own?.barcode).toBe(inStoreBarcode(next + 2, 1));
  });

  it('refuses a file it cannot read with one message', async () => {
    const response = await call('POST', '/api/parts/import', { csv: 'Товар;Цена\r\nЭкран;10', dryRun: true });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { message: string } }).error.message).toBe(IMPORT_HEADER_MESSAGE);
  });
});
