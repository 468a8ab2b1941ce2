import { beforeAll, expect, it } from 'vitest';
import type { ServiceDto, TicketMoneyDto } from '../../domain/money';
import {
  DISCOUNT_TOO_BIG,
  LINES_CLOSED,
  LINE_TOO_BIG,
  REFUND_REASON_REQUIRED,
  REFUND_TOO_BIG,
  SERVICE_NAME_TAKEN,
  SERVICE_NOT_FOUND,
  STALE_LINE,
} from '../../domain/money-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { debtAtClosingMessage } from '../../domain/ticket-closing';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 50: a ticket's price lines and payments, in kopecks, with history, version rules, and
// payments that race each other without losing a kopeck or refunding more than was paid.

describeEachDatabase('a ticket’s money', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;
  const moneyOf = async (id: number) =>
    json<{ money: TicketMoneyDto }>(await call('GET', `/api/tickets/${id}/money`)).money;
  const newTicket = async (fullName: string) =>
    json<{ ticket: TicketDetailDto }>(
      await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName },
      }),
    ).ticket;
  const pay = (id: number, body: { kind: string; [field: string]: unknown }) =>
    call('POST', `/api/tickets/${id}/${body.kind === 'refund' ? 'refunds' : 'payments'}`, body);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('adds, edits and deletes lines: exact totals, «К оплате», and history in words', async () => {
    const ticket = await newTicket('Суммов Семён');
    const added = await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: 'Замена экрана',
      quantity: 1,
      price: 350000,
    });
    expect(added.statusCode, added.body).toBe(201);
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'part',
      name: 'Шлейф',
      quantity: 3,
      price: 3333,
      discount: 99,
    });
    let money = await moneyOf(ticket.id);
    expect(money.lines.map((l) => l.total)).toEqual([350000, 9900]);
    expect(money).toMatchObject({ total: 359900, paid: 0, due: 359900 });

    const [work] = money.lines;
    const edited = await call('PATCH', `/api/tickets/${ticket.id}/lines/${work!.id}`, {
      version: work!.version,
      price: 300000,
      discount: 50000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    money = json<{ money: TicketMoneyDto }>(edited).money;
    expect(money.total).toBe(259900);

    // Someone who saw the old line is told, and given the fresh money.
    const stale = await call('PATCH', `/api/tickets/${ticket.id}/lines/${work!.id}`, {
      version: work!.version,
      quantity: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(STALE_LINE);
    expect(json<{ money: TicketMoneyDto }>(stale).money.total).toBe(259900);

    const tooMuch = await call('PATCH', `/api/tickets/${ticket.id}/lines/${work!.id}`, {
      version: work!.version + 1,
      discount: 300001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch)).toBe(DISCOUNT_TOO_BIG);

    const removed = await call('DELETE', `/api/tickets/${ticket.id}/lines/${money.lines[1]!.id}`);
    expect(json<{ money: TicketMoneyDto }>(removed).money.total).toBe(250000);

    const history = json<{ ticket: TicketDetailDto }>(await call('GET', `/api/tickets/${ticket.id}`)).ticket
      .history;
    const actions = history.map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['add_line', 'edit_line', 'delete_line']));
    expect(history.find((h) => h.action === 'edit_line')).toMatchObject({
      oldValue: 'Замена экрана: 1 × 3\u00a0500,00\u00a0₽ = 3\u00a0500,00\u00a0₽',
      newValue: 'Замена экрана: 1 × 3\u00a0000,00\u00a0₽ − 500,00\u00a0₽ = 2\u00a0500,00\u00a0₽',
    });
  });

  it('refuses amounts that are not whole kopecks, and a refund without a reason', async () => {
    const ticket = await newTicket('Копейкин Карп');
    for (const price of [10.5, -1, 1e11, '100']) {
      const response = await call('POST', `/api/tickets/${ticket.id}/lines`, {
        kind: 'work',
        name: 'Диагностика',
        price,
      });
      expect(response.statusCode, String(price)).toBe(400);
      expect(errorOf(response)).toMatch(/^Цена: сумма от 0/);
    }
    const huge = await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'part',
      name: 'Сервер',
      quantity: 10000,
      price: 2_000_000,
    });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge)).toBe(LINE_TOO_BIG);
    await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 1000 });
    const noReason = await pay(ticket.id, { kind: 'refund', method: 'cash', amount: 500 });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toBe(REFUND_REASON_REQUIRED);
  });

  it('closes owing money only «в долг» with a reason; a closed ticket keeps its lines but takes a payment', async () => {
    let ticket = await newTicket('Долгов Дмитрий');
    const line = { kind: 'work', name: 'Чистка', price: 100000 };
    await call('POST', `/api/tickets/${ticket.id}/lines`, line);
    const forward = (extra: object = {}) =>
      call('POST', `/api/tickets/${ticket.id}/step`, {
        direction: 'forward',
        expectedStatus: ticket.status,
        repairSummary: 'Почищено',
        ...extra,
      });
    for (let step = 0; step < 3; step += 1) {
      const response = await forward();
      expect(response.statusCode, response.body).toBe(200);
      ticket = json<{ ticket: TicketDetailDto }>(response).ticket;
    }
    const owing = await forward();
    expect(owing.statusCode).toBe(409);
    expect(errorOf(owing)).toBe(debtAtClosingMessage('1\u00a0000,00\u00a0₽'));
    const onCredit = await forward({ onCredit: 'Заплатит в пятницу' });
    expect(onCredit.statusCode, onCredit.body).toBe(200);
    ticket = json<{ ticket: TicketDetailDto }>(onCredit).ticket;
    expect(ticket.status).toBe('closed');
    expect(ticket.history.find((h) => h.action === 'on_credit')).toMatchObject({
      newValue: '1\u00a0000,00\u00a0₽',
      note: 'Заплатит в пятницу',
    });
    const refused = await call('POST', `/api/tickets/${ticket.id}/lines`, line);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(LINES_CLOSED);
    const paid = await pay(ticket.id, { kind: 'payment', method: 'transfer', amount: 100000 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(json<{ money: TicketMoneyDto }>(paid).money).toMatchObject({
      total: 100000,
      paid: 100000,
      due: 0,
    });
  });

  it('50 payments and refunds at once: the sum is exact and never refunds more than was paid', async () => {
    const ticket = await newTicket('Гонкин Платон');
    await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 10000 });
    // 25 payments of 1,00 ₽ and 25 refunds of 7,00 ₽ race: each refund lands only if what is
    // paid at its moment covers it.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? pay(ticket.id, { kind: 'payment', method: 'card', amount: 100 })
          : pay(ticket.id, { kind: 'refund', method: 'cash', amount: 700, note: `Возврат ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => errorOf(a) === REFUND_TOO_BIG)).toBe(
      true,
    );
    const payments = statuses.filter((s, i) => i % 2 === 0 && s === 201).length;
    const refunds = statuses.filter((s, i) => i % 2 === 1 && s === 201).length;
    expect(payments).toBe(25);
    const money = await moneyOf(ticket.id);
    expect(money.paid).toBe(10000 + payments * 100 - refunds * 700);
    expect(money.paid).toBeGreaterThanOrEqual(0);
    expect(money.payments).toHaveLength(1 + payments + refunds);
    const sum = money.payments.reduce((s, p) => s + (p.kind === 'refund' ? -p.amount : p.amount), 0);
    expect(sum).toBe(money.paid);
    // Replayed in the order they were recorded, what was paid never went below zero.
    let running = 0;
    for (const p of money.payments) {
      running += p.kind === 'refund' ? -p.amount : p.amount;
      expect(running).toBeGreaterThanOrEqual(0);
    }
  });

  it('a line from the catalogue keeps its copy when the service changes or goes', async () => {
    const created = await call(
      'POST',
      '/api/services',
      { name: 'Чистка от пыли', price: 150000, warrantyDays: 14 },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const service = json<{ service: ServiceDto }>(created).service;
    const twin = await call('POST', '/api/services', { name: 'чистка ОТ пыли', price: 1 }, admin);
    expect(twin.statusCode).toBe(409);
    expect(errorOf(twin)).toBe(SERVICE_NAME_TAKEN);

    const ticket = await newTicket('Каталогов Кирилл');
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: service.name,
      serviceId: service.id,
      price: service.price,
      warrantyDays: service.warrantyDays,
    });
    const moved = await call(
      'PATCH',
      `/api/services/${service.id}`,
      { version: service.version, price: 200000 },
      admin,
    );
    expect(json<{ service: ServiceDto }>(moved).service.price).toBe(200000);
    expect((await call('DELETE', `/api/services/${service.id}`, undefined, admin)).statusCode).toBe(204);
    const [line] = (await moneyOf(ticket.id)).lines;
    expect(line).toMatchObject({ name: 'Чистка от пыли', price: 150000, warrantyDays: 14, serviceId: null });
    const gone = await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: 'Чистка',
      serviceId: service.id,
      price: 1,
    });
    expect(gone.statusCode).toBe(400);
    expect(errorOf(gone)).toBe(SERVICE_NOT_FOUND);
  });

  it('refunds no more than was paid', async () => {
    const ticket = await newTicket('Возвратов Валентин');
    await pay(ticket.id, { kind: 'payment', method: 'card', amount: 5000 });
    const over = await pay(ticket.id, { kind: 'refund', method: 'card', amount: 5001, note: 'Ошибка' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toBe(REFUND_TOO_BIG);
    const back = await pay(ticket.id, { kind: 'refund', method: 'card', amount: 5000, note: 'Ошибка' });
    expect(json<{ money: TicketMoneyDto }>(back).money.paid).toBe(0);
  });

  it('the Корзина: a trashed ticket keeps its money and takes none; purged, its payments stay in the shift', async () => {
    const ticket = await newTicket('Корзинкин Константин');
    await call('POST', `/api/tickets/${ticket.id}/lines`, { kind: 'work', name: 'Пайка', price: 120000 });
    await call('POST', `/api/tickets/${ticket.id}/estimate`);
    const opened = await call('POST', '/api/cash/shifts', { openingCash: 0 }, admin);
    expect(opened.statusCode, opened.body).toBe(201);
    const shiftId = json<{ shift: { id: number } }>(opened).shift.id;
    expect((await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 70000 })).statusCode).toBe(201);

    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    const kept = await moneyOf(ticket.id);
    expect(kept).toMatchObject({ total: 120000, paid: 70000 });
    expect(kept.estimate?.version).toBe(1);
    expect((await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 100 })).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/tickets/${ticket.id}/lines`, { kind: 'part', name: 'Припой', price: 100 }))
        .statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/trash/ticket/${ticket.id}/restore`)).statusCode).toBeLessThan(300);
    expect((await moneyOf(ticket.id)).due).toBe(50000);

    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect(
      (await call('DELETE', `/api/trash/ticket/${ticket.id}`, undefined, admin)).statusCode,
    ).toBeLessThan(300);
    const db = ctx.database.db;
    expect(
      await db.selectFrom('ticket_lines').select('id').where('ticket_id', '=', ticket.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('estimates').select('version').where('ticket_id', '=', ticket.id).execute(),
    ).toEqual([]);
    // The cash it moved stays moved: the payment outlives the ticket, in its shift's report.
    const report = json<{
      shift: { expectedCash: number; entries: { amount: number; ticketId: number | null }[] };
    }>(await call('GET', `/api/cash/shifts/${shiftId}`)).shift;
    expect(report.expectedCash).toBe(70000);
    expect(report.entries).toEqual([expect.objectContaining({ amount: 70000, ticketId: null })]);
    const current = json<{ shift: { version: number } }>(await call('GET', '/api/cash/current')).shift;
    await call(
      'POST',
      `/api/cash/shifts/${shiftId}/close`,
      { version: current.version, countedCash: 70000 },
      admin,
    );
  });
});
