import { beforeAll, expect, it } from 'vitest';
import type { TicketMoneyDto } from '../../domain/money';
import type { Page } from '../../domain/page';
import {
  BARCODE_TAKEN,
  COUNT_CHANGED,
  countBelowReservedMessage,
  inStoreBarcode,
  notEnoughMessage,
  PART_HAS_MOVES,
  RECEIPT_ALREADY_REVERSED,
  reversalShortMessage,
  STALE_PART,
  type PartDto,
  type ReceiptDto,
  type StockMoveDto,
} from '../../domain/stock';
import { COUNT_REASON_REQUIRED } from '../../domain/stock-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 51: the catalogue, goods received and reversed, parts a repair holds, writes off at
// handover and gives back, stocktaking, and every move on the part's page — on both databases.

describeEachDatabase('parts and stock', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;

  const newPart = async (fields: Record<string, unknown>) => {
    const created = await call('POST', '/api/parts', fields, admin);
    expect(created.statusCode, created.body).toBe(201);
    return json<{ part: PartDto }>(created).part;
  };
  const part = async (id: number) =>
    json<{ part: PartDto }>(await call('GET', `/api/parts/${id}`, undefined, admin)).part;
  const moves = async (id: number) =>
    json<Page<StockMoveDto>>(await call('GET', `/api/parts/${id}/moves`)).items;
  const receive = async (lines: { partId: number; quantity: number; cost: number }[], note = '') => {
    const received = await call('POST', '/api/stock/receipts', { lines, note }, admin);
    expect(received.statusCode, received.body).toBe(201);
    return json<{ receipt: ReceiptDto }>(received).receipt;
  };
  const newTicket = async (fullName: string) => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName },
      device: 'iPhone 11',
    });
    expect(created.statusCode, created.body).toBe(201);
    return json<{ ticket: TicketDetailDto }>(created).ticket;
  };
  const takePart = (ticketId: number, item: PartDto, quantity = 1) =>
    call('POST', `/api/tickets/${ticketId}/lines`, {
      kind: 'part',
      name: item.name,
      partId: item.id,
      quantity,
      price: item.price,
    });
  const moneyOf = (response: { json: () => unknown }) => json<{ money: TicketMoneyDto }>(response).money;
  const handOver = async (ticket: TicketDetailDto) => {
    let current = ticket;
    for (let step = 0; step < 4; step += 1) {
      const response = await call('POST', `/api/tickets/${current.id}/step`, {
        direction: 'forward',
        expectedStatus: current.status,
        repairSummary: 'Заменён экран',
        onCredit: 'Оплатит позже',
      });
      expect(response.statusCode, response.body).toBe(200);
      current = json<{ ticket: TicketDetailDto }>(response).ticket;
    }
    expect(current.status).toBe('closed');
    return current;
  };

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('keeps a catalogue found by any fragment, with the shop’s own barcode for a part without one', async () => {
    const screen = await newPart({
      name: 'Экран iPhone 11 (оригинал)',
      article: 'SCR-IP11',
      models: 'iPhone 11, iPhone XR',
      price: 450000,
      minQty: 2,
      place: 'Шкаф А, полка 1',
    });
    expect(screen.barcode).toBe(inStoreBarcode(screen.id));
    expect(screen).toMatchObject({ onHand: 0, reserved: 0, available: 0, unit: 'шт', version: 1 });
    const battery = await newPart({
      name: 'Аккумулятор Samsung A52',
      barcode: '4601234567893',
      place: 'Шкаф Б',
    });

    const found = async (q: string) =>
      json<Page<PartDto>>(await call('GET', `/api/parts?q=${encodeURIComponent(q)}`)).items.map((p) => p.id);
    expect(await found('ЭКРАН')).toContain(screen.id);
    expect(await found('scr-ip')).toEqual([screen.id]);
    expect(await found('xr')).toEqual([screen.id]);
    expect(await found('4601234')).toEqual([battery.id]);
    expect(await found('100%')).toEqual([]);
    const scanned = await call('GET', '/api/parts/barcode?code=4601234567893');
    expect(json<{ part: PartDto }>(scanned).part.id).toBe(battery.id);
    expect(json<{ part: PartDto | null }>(await call('GET', '/api/parts/barcode?code=0000')).part).toBeNull();

    const twin = await call('POST', '/api/parts', { name: 'Другой', barcode: '4601234567893' }, admin);
    expect(twin.statusCode).toBe(409);
    expect(errorOf(twin)).toBe(BARCODE_TAKEN);
    const edited = await call('PATCH', `/api/parts/${screen.id}`, { version: 1, price: 470000 }, admin);
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await call('PATCH', `/api/parts/${screen.id}`, { version: 1, price: 1 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(STALE_PART);
    expect(json<{ part: PartDto }>(stale).part.price).toBe(470000);
    const byStaff = await call('POST', '/api/parts', { name: 'Без прав' });
    expect(byStaff.statusCode).toBe(403);

    const unused = await call('DELETE', `/api/parts/${battery.id}`, undefined, admin);
    expect(unused.statusCode).toBe(204);
    await receive([{ partId: screen.id, quantity: 1, cost: 100000 }]);
    const used = await call('DELETE', `/api/parts/${screen.id}`, undefined, admin);
    expect(used.statusCode).toBe(409);
    expect(errorOf(used)).toBe(PART_HAS_MOVES);
  });

  it('pages the catalogue in name order', async () => {
    for (const name of ['Шлейф 3', 'Шлейф 1', 'Шлейф 2']) await newPart({ name, models: 'Пагинация' });
    const first = json<Page<PartDto>>(await call('GET', '/api/parts?q=пагинация&limit=2'));
    expect(first.items.map((p) => p.name)).toEqual(['Шлейф 1', 'Шлейф 2']);
    const next = json<Page<PartDto>>(
      await call('GET', `/api/parts?q=пагинация&limit=2&cursor=${first.nextCursor}`),
    );
    expect(next.items.map((p) => p.name)).toEqual(['Шлейф 3']);
    expect(next.nextCursor).toBeNull();
    expect((await call('GET', '/api/parts?cursor=bad')).statusCode).toBe(400);
  });

  it('receives goods at an average cost and corrects a receipt only by reversing it', async () => {
    const glass = await newPart({ name: 'Стекло камеры', price: 50000 });
    await receive([{ partId: glass.id, quantity: 5, cost: 10000 }]);
    const second = await receive([{ partId: glass.id, quantity: 5, cost: 20000 }], 'Партия 2');
    expect(second).toMatchObject({ total: 100000, supplierName: 'Без поставщика' });
    expect(await part(glass.id)).toMatchObject({ onHand: 10, avgCost: 15000, lastCost: 20000 });

    const reason = { reason: 'Ошиблись количеством' };
    const reversed = await call('POST', `/api/stock/receipts/${second.id}/reverse`, reason, admin);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(json<{ receipt: ReceiptDto }>(reversed).receipt).toMatchObject({
      reversesId: second.id,
      total: -100000,
      note: 'Ошиблись количеством',
    });
    expect(await part(glass.id)).toMatchObject({ onHand: 5, avgCost: 10000 });
    const again = await call('POST', `/api/stock/receipts/${second.id}/reverse`, reason, admin);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(RECEIPT_ALREADY_REVERSED);

    // The first receipt cannot go back out once a repair holds some of it.
    const ticket = await newTicket('Складов Сергей');
    expect((await takePart(ticket.id, glass, 2)).statusCode).toBe(201);
    const first = json<Page<ReceiptDto>>(
      await call('GET', '/api/stock/receipts', undefined, admin),
    ).items.find((receipt) => receipt.lines[0]?.partId === glass.id && receipt.total === 50000);
    const short = await call('POST', `/api/stock/receipts/${first?.id}/reverse`, reason, admin);
    expect(short.statusCode).toBe(409);
    expect(errorOf(short)).toBe(reversalShortMessage({ name: 'Стекло камеры', unit: 'шт' }, 3, 5));
    expect((await moves(glass.id)).map((move) => move.kind)).toEqual([
      'reserved',
      'reversed',
      'received',
      'received',
    ]);
  });

  it('a repair holds its parts, writes them off at handover and gives them back when a line goes', async () => {
    const board = await newPart({ name: 'Плата зарядки', price: 120000 });
    await receive([{ partId: board.id, quantity: 3, cost: 40000 }]);
    const first = await newTicket('Резервов Роман');
    const taken = await takePart(first.id, board, 2);
    expect(taken.statusCode, taken.body).toBe(201);
    const line = moneyOf(taken).lines[0]!;
    expect(line).toMatchObject({ partId: board.id, stockState: 'reserved', total: 240000 });
    expect(await part(board.id)).toMatchObject({ onHand: 3, reserved: 2, available: 1 });

    const tooMany = await call('PATCH', `/api/tickets/${first.id}/lines/${line.id}`, {
      version: 1,
      quantity: 4,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toBe(notEnoughMessage({ name: 'Плата зарядки', unit: 'шт' }, 1));
    const fewer = await call('PATCH', `/api/tickets/${first.id}/lines/${line.id}`, {
      version: 1,
      quantity: 1,
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(await part(board.id)).toMatchObject({ reserved: 1, available: 2 });

    const second = await newTicket('Возвратов Виктор');
    const other = moneyOf(await takePart(second.id, board, 2)).lines[0]!;
    expect(await part(board.id)).toMatchObject({ reserved: 3, available: 0 });
    const none = await takePart(second.id, board, 1);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toBe(notEnoughMessage({ name: 'Плата зарядки', unit: 'шт' }, 0));

    const closed = await handOver(first);
    expect((await part(board.id)) as PartDto).toMatchObject({ onHand: 2, reserved: 2 });
    const removed = await call('DELETE', `/api/tickets/${second.id}/lines/${other.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await part(board.id)).toMatchObject({ onHand: 2, reserved: 0, available: 2 });

    // Reopened, the written-off line removed: the part is back on the shelf.
    const reopened = await call('POST', `/api/tickets/${closed.id}/reopen`, { reason: 'Не та плата' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const written = moneyOf(await call('GET', `/api/tickets/${closed.id}/money`)).lines[0]!;
    expect(written.stockState).toBe('written_off');
    await call('DELETE', `/api/tickets/${closed.id}/lines/${written.id}`);
    expect(await part(board.id)).toMatchObject({ onHand: 3, reserved: 0 });

    const kinds = (await moves(board.id)).map((move) => [move.kind, move.onHandChange, move.reservedChange]);
    expect(kinds).toEqual([
      ['returned', 1, 0],
      ['returned', 0, -2],
      ['written_off', -1, -1],
      ['reserved', 0, 2],
      ['returned', 0, -1],
      ['reserved', 0, 2],
      ['received', 3, 0],
    ]);
    expect((await moves(board.id))[0]).toMatchObject({
      ticketId: closed.id,
      userName: staff.user.displayName,
    });
  });

  it('50 repairs taking the last unit at once: one gets it, the others a Russian message', async () => {
    const last = await newPart({ name: 'Последний разъём', price: 30000 });
    await receive([{ partId: last.id, quantity: 1, cost: 10000 }]);
    const tickets = [];
    for (let i = 0; i < 50; i += 1) tickets.push(await newTicket(`Гонщик ${i}`));
    const answers = await Promise.all(tickets.map((ticket) => takePart(ticket.id, last, 1)));
    const won = answers.filter((answer) => answer.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer)).toBe(notEnoughMessage({ name: 'Последний разъём', unit: 'шт' }, 0));
    }
    expect(await part(last.id)).toMatchObject({ onHand: 1, reserved: 1, available: 0 });
    expect((await moves(last.id)).filter((move) => move.kind === 'reserved')).toHaveLength(1);
  });

  it('counts a place: a difference needs a reason, a count made before a move is refused', async () => {
    const place = 'Ящик инвентаризации';
    const a = await newPart({ name: 'Винт A', place });
    const b = await newPart({ name: 'Винт B', place });
    await receive([
      { partId: a.id, quantity: 10, cost: 100 },
      { partId: b.id, quantity: 4, cost: 100 },
    ]);
    const sheet = json<{ parts: PartDto[] }>(
      await call('GET', `/api/stock/count-sheet?place=${encodeURIComponent(place)}`, undefined, admin),
    ).parts;
    expect(sheet.map((p) => [p.name, p.onHand])).toEqual([
      ['Винт A', 10],
      ['Винт B', 4],
    ]);
    const lines = [
      { partId: a.id, expected: 10, counted: 8 },
      { partId: b.id, expected: 4, counted: 4 },
    ];
    const noReason = await call('POST', '/api/stock/counts', { place, lines }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toBe(COUNT_REASON_REQUIRED);
    const counted = await call(
      'POST',
      '/api/stock/counts',
      { place, lines, reason: 'Потеряны при сборке' },
      admin,
    );
    expect(counted.statusCode, counted.body).toBe(201);
    expect(json<{ count: { differences: unknown[] } }>(counted).count.differences).toEqual([
      { partId: a.id, name: 'Винт A', expected: 10, counted: 8 },
    ]);
    expect(await part(a.id)).toMatchObject({ onHand: 8 });
    expect((await moves(a.id))[0]).toMatchObject({
      kind: 'adjusted',
      onHandChange: -2,
      note: 'Инвентаризация: Потеряны при сборке',
    });

    const old = await call('POST', '/api/stock/counts', { place, lines, reason: 'Повтор' }, admin);
    expect(old.statusCode).toBe(409);
    expect(errorOf(old)).toBe(COUNT_CHANGED);
    const ticket = await newTicket('Инвентарь Иван');
    await takePart(ticket.id, await part(b.id), 3);
    const below = await call(
      'POST',
      '/api/stock/counts',
      { place, lines: [{ partId: b.id, expected: 4, counted: 2 }], reason: 'Пересчёт' },
      admin,
    );
    expect(below.statusCode).toBe(409);
    expect(errorOf(below)).toBe(countBelowReservedMessage({ name: 'Винт B', unit: 'шт' }, 3));
  });

  it('refuses bad receipts in words, keeps costs from staff, restores the last cost on reversal', async () => {
    const spring = await newPart({ name: 'Пружина кнопки' });
    const missing = await call(
      'POST',
      '/api/stock/receipts',
      { lines: [{ partId: 987654, quantity: 1, cost: 100 }] },
      admin,
    );
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Запчасть не найдена');
    const twice = await call(
      'POST',
      '/api/stock/receipts',
      {
        lines: [
          { partId: spring.id, quantity: 1, cost: 100 },
          { partId: spring.id, quantity: 2, cost: 100 },
        ],
      },
      admin,
    );
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)).toBe('Запчасть в поступлении дважды: сложите количество в одну строку');

    await receive([{ partId: spring.id, quantity: 2, cost: 1000 }]);
    const typo = await receive([{ partId: spring.id, quantity: 2, cost: 990000 }]);
    expect(await part(spring.id)).toMatchObject({ lastCost: 990000 });
    const staffView = json<{ part: PartDto }>(await call('GET', `/api/parts/${spring.id}`)).part;
    expect(staffView).toMatchObject({ lastCost: null, avgCost: null, onHand: 4 });
    const listed = json<Page<PartDto>>(await call('GET', '/api/parts?q=пружина')).items[0];
    expect(listed?.avgCost).toBeNull();

    const undone = await call(
      'POST',
      `/api/stock/receipts/${typo.id}/reverse`,
      { reason: 'Опечатка в цене' },
      admin,
    );
    expect(undone.statusCode, undone.body).toBe(201);
    const adminView = json<{ part: PartDto }>(
      await call('GET', `/api/parts/${spring.id}`, undefined, admin),
    ).part;
    expect(adminView).toMatchObject({ onHand: 2, lastCost: 1000, avgCost: 1000 });

    const crafted = Buffer.from(JSON.stringify(['a\u0000b', 1])).toString('base64url');
    expect((await call('GET', `/api/parts?cursor=${crafted}`)).statusCode).toBe(400);
  });

  it('lists what is running out and exports the purchase list', async () => {
    const low = await newPart({ name: 'Клей B-7000 (заканчивается)', minQty: 3, article: 'B7000' });
    await receive([{ partId: low.id, quantity: 2, cost: 25050 }]);
    const list = json<Page<PartDto>>(await call('GET', '/api/parts?low=1&limit=200')).items;
    expect(list.map((p) => p.id)).toContain(low.id);
    const lowPage = json<Page<PartDto>>(await call('GET', '/api/parts?low=1&q=b-7000'));
    expect(lowPage.items.map((p) => p.id)).toEqual([low.id]);
    const csv = await call('GET', '/api/export/purchase.csv', undefined, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFНазвание;Артикул;Штрихкод;Место;Свободно;Минимум;Заказать')).toBe(true);
    expect(csv.body).toContain(
      `Клей B-7000 (заканчивается);B7000;${inStoreBarcode(low.id)};;2;3;4;"250,50";"1002,00"`,
    );
    expect((await call('GET', '/api/export/purchase.csv')).statusCode).toBe(403);
  });

  it('gives back what a ticket held when it is deleted for good', async () => {
    const cover = await newPart({ name: 'Задняя крышка' });
    await receive([{ partId: cover.id, quantity: 2, cost: 5000 }]);
    const ticket = await newTicket('Корзинов Кирилл');
    await takePart(ticket.id, cover, 2);
    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect(await part(cover.id)).toMatchObject({ reserved: 2 });
    const purged = await call('DELETE', `/api/trash/ticket/${ticket.id}`, undefined, admin);
    expect(purged.statusCode, purged.body).toBe(204);
    expect(await part(cover.id)).toMatchObject({ onHand: 2, reserved: 0 });
    expect((await moves(cover.id))[0]).toMatchObject({
      kind: 'returned',
      userName: 'Корзина',
      note: `Заявка #${ticket.id} удалена навсегда`,
      ticketId: ticket.id,
    });
  });
});
