import { beforeAll, expect, it } from 'vitest';
import {
  CASH_OUT_TOO_BIG,
  CASH_REFUND_TOO_BIG,
  DIFFERENCE_REASON_REQUIRED,
  NO_OPEN_SHIFT,
  SHIFT_ALREADY_OPEN,
  STALE_SHIFT,
  type CashShiftDto,
  type CashShiftReportDto,
  type TakingsDto,
} from '../../domain/cash-desk';
import type { Page } from '../../domain/page';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 50: the cash desk. A shift opens with the drawer's cash and closes with the cash counted;
// cash payments, refunds, cash in and out belong to the open shift; the report sets expected
// against counted. A payment racing the close lands in the report or in no shift, never lost.

describeEachDatabase('the cash desk', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;
  const current = async () =>
    json<{ shift: CashShiftReportDto | null }>(await call('GET', '/api/cash/current')).shift;
  const newTicket = async (fullName: string) => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName },
    });
    expect(created.statusCode, created.body).toBe(201);
    return json<{ ticket: TicketDetailDto }>(created).ticket;
  };
  const pay = (id: number, body: { kind: string; [field: string]: unknown }) =>
    call('POST', `/api/tickets/${id}/${body.kind === 'refund' ? 'refunds' : 'payments'}`, body);
  const close = (shift: CashShiftDto, countedCash: number, note = '') =>
    call('POST', `/api/cash/shifts/${shift.id}/close`, { version: shift.version, countedCash, note });

  beforeAll(async () => {
    staff = await ctx.register({ displayName: 'Кассиров Кирилл' });
  });

  it('keeps a shift: cash payments, refunds, cash in and out, and a report of expected against counted', async () => {
    const ticket = await newTicket('Наличных Нина');
    await call('POST', `/api/tickets/${ticket.id}/lines`, { kind: 'work', name: 'Ремонт', price: 500000 });
    expect(await current()).toBeNull();
    const early = await call('POST', '/api/cash/moves', { kind: 'in', amount: 100, reason: 'Размен' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(NO_OPEN_SHIFT);
    // Cash taken with no shift open is still a payment; it belongs to no shift.
    expect((await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 10000 })).statusCode).toBe(201);

    const opened = await call('POST', '/api/cash/shifts', { openingCash: 100000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const shift = json<{ shift: CashShiftReportDto }>(opened).shift;
    expect(shift).toMatchObject({
      openingCash: 100000,
      expectedCash: 100000,
      openedByName: 'Кассиров Кирилл',
    });
    const twice = await call('POST', '/api/cash/shifts', { openingCash: 0 });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(SHIFT_ALREADY_OPEN);

    // A minute apart, so the report's order is the order they happened in.
    const later = () => ctx.clock.advance(60_000);
    await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 150000, note: 'Предоплата' });
    later();
    await pay(ticket.id, { kind: 'payment', method: 'card', amount: 200000 });
    later();
    // Paid 360 000 in all, but the drawer holds 250 000: a cash refund past it is refused.
    const pastDrawer = await pay(ticket.id, {
      kind: 'refund',
      method: 'cash',
      amount: 300000,
      note: 'Отказ',
    });
    expect(pastDrawer.statusCode).toBe(409);
    expect(errorOf(pastDrawer)).toBe(CASH_REFUND_TOO_BIG);
    await pay(ticket.id, { kind: 'refund', method: 'cash', amount: 50000, note: 'Ошиблись в сумме' });
    later();
    expect(
      (await call('POST', '/api/cash/moves', { kind: 'in', amount: 30000, reason: 'Размен' })).statusCode,
    ).toBe(201);
    later();
    expect(
      (await call('POST', '/api/cash/moves', { kind: 'out', amount: 20000, reason: 'Курьеру' })).statusCode,
    ).toBe(201);
    const tooMuch = await call('POST', '/api/cash/moves', {
      kind: 'out',
      amount: 10_000_000,
      reason: 'Инкассация',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toBe(CASH_OUT_TOO_BIG);
    const noReason = await call('POST', '/api/cash/moves', { kind: 'out', amount: 100, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toBe('Укажите причину');

    const open = (await current())!;
    expect(open.totals).toEqual({ payments: 150000, refunds: 50000, cashIn: 30000, cashOut: 20000 });
    expect(open.expectedCash).toBe(210000);
    expect(open.difference).toBeNull();
    expect(open.entries.map((entry) => [entry.kind, entry.amount, entry.reason])).toEqual([
      ['payment', 150000, 'Предоплата'],
      ['refund', 50000, 'Ошиблись в сумме'],
      ['in', 30000, 'Размен'],
      ['out', 20000, 'Курьеру'],
    ]);
    expect(open.entries[0]?.ticketId).toBe(ticket.id);

    const unexplained = await close(open, 205000);
    expect(unexplained.statusCode).toBe(400);
    expect(errorOf(unexplained)).toBe(DIFFERENCE_REASON_REQUIRED);
    const closed = await close(open, 205000, 'Не хватает 50 ₽');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json<{ shift: CashShiftReportDto }>(closed).shift).toMatchObject({
      expectedCash: 210000,
      countedCash: 205000,
      difference: -5000,
      closedByName: 'Кассиров Кирилл',
      note: 'Не хватает 50 ₽',
    });
    const again = await close(open, 205000);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(STALE_SHIFT);
    expect(await current()).toBeNull();

    // The report stays as closed: a cash payment now belongs to no shift.
    await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 1000 });
    const report = json<{ shift: CashShiftReportDto }>(
      await call('GET', `/api/cash/shifts/${open.id}`),
    ).shift;
    expect(report).toMatchObject({ expectedCash: 210000, difference: -5000 });
    expect(report.entries).toHaveLength(4);

    const list = json<Page<CashShiftDto>>(await call('GET', '/api/cash/shifts'));
    expect(list.items[0]).toMatchObject({ id: open.id, countedCash: 205000 });
    expect((await call('GET', '/api/cash/shifts?cursor=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/cash/shifts/987654')).statusCode).toBe(404);
  });

  it('opens one shift when many press at once, and loses no cash payment racing the close', async () => {
    const opens = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/cash/shifts', { openingCash: 5000 })),
    );
    expect(opens.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(opens.filter((response) => response.statusCode === 409)).toHaveLength(9);

    const ticket = await newTicket('Гонкина Галина');
    const shift = (await current())!;
    const [closed, ...payments] = await Promise.all([
      close(shift, 0, 'Пересчёт'),
      ...Array.from({ length: 30 }, () => pay(ticket.id, { kind: 'payment', method: 'cash', amount: 100 })),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(payments.every((response) => response.statusCode === 201)).toBe(true);
    const rows = await ctx.database.db
      .selectFrom('payments')
      .select(['shift_id'])
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(rows).toHaveLength(30);
    const inShift = rows.filter((row) => row.shift_id === shift.id).length;
    expect(rows.every((row) => row.shift_id === shift.id || row.shift_id === null)).toBe(true);
    // What the report expected is exactly the opening cash and the payments it holds.
    expect(json<{ shift: CashShiftReportDto }>(closed).shift.expectedCash).toBe(5000 + inShift * 100);
  });

  it('sums today’s takings by method and lists finished repairs that still owe, largest first', async () => {
    const before = json<{ takings: TakingsDto }>(await call('GET', '/api/cash/takings')).takings;
    const owing = await newTicket('Должникова Дарья');
    const small = await newTicket('Малодолгов Марк');
    const inRepair = await newTicket('Ремонтов Роман');
    for (const [ticket, price] of [
      [owing, 900000],
      [small, 100000],
      [inRepair, 700000],
    ] as const) {
      await call('POST', `/api/tickets/${ticket.id}/lines`, { kind: 'work', name: 'Ремонт', price });
    }
    await pay(owing.id, { kind: 'payment', method: 'transfer', amount: 200000 });
    await pay(small.id, { kind: 'payment', method: 'card', amount: 40000 });
    await pay(small.id, { kind: 'refund', method: 'card', amount: 10000, note: 'Скидка' });
    const setStatus = (id: number, status: string) =>
      ctx.database.db.updateTable('tickets').set({ status }).where('id', '=', id).execute();
    await setStatus(owing.id, 'notify_client');
    await setStatus(small.id, 'closed');
    await setStatus(inRepair.id, 'in_repair');

    const { takings } = json<{ takings: TakingsDto }>(await call('GET', '/api/cash/takings'));
    const method = (name: string) => takings.byMethod.find((row) => row.method === name)!;
    const was = (name: string) => before.byMethod.find((row) => row.method === name)!;
    expect(method('transfer').taken - was('transfer').taken).toBe(200000);
    expect(method('card').taken - was('card').taken).toBe(40000);
    expect(method('card').refunded - was('card').refunded).toBe(10000);
    expect(takings.net - before.net).toBe(230000);
    expect(takings.unpaid.count - before.unpaid.count).toBe(2);
    expect(takings.unpaid.sum - before.unpaid.sum).toBe(700000 + 70000);
    const listed = takings.unpaid.tickets.map((row) => row.id);
    expect(listed).toContain(owing.id);
    expect(listed).toContain(small.id);
    expect(listed).not.toContain(inRepair.id);
    expect(listed.indexOf(owing.id)).toBeLessThan(listed.indexOf(small.id));
    expect(takings.unpaid.tickets.find((row) => row.id === owing.id)).toMatchObject({
      clientName: 'Должникова Дарья',
      due: 700000,
    });
  });

  it('exports the period’s payments and the shifts’ reports as CSV for admins', async () => {
    const admin = await ctx.loginAs('admin');
    const ticket = await newTicket('Выгрузкин Влад');
    const opened = json<{ shift: CashShiftReportDto }>(
      await call('POST', '/api/cash/shifts', { openingCash: 20000 }),
    ).shift;
    await pay(ticket.id, { kind: 'payment', method: 'cash', amount: 150050, note: 'Аванс; наличными' });
    await pay(ticket.id, { kind: 'refund', method: 'cash', amount: 5000, note: 'Сдача' });
    await close((await current())!, 160000, 'Лишние 5,50 ₽');
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const csv = async (name: string) => {
      const response = await call(
        'GET',
        `/api/export/${name}.csv?from=${today}&to=${today}`,
        undefined,
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      return response.body;
    };
    const payments = await csv('payments');
    expect(
      payments.startsWith('\uFEFFДата;Вид;Способ;Сумма (₽);Заявка;Клиент;Комментарий;Кто принял;Смена кассы'),
    ).toBe(true);
    expect(payments).toContain(
      `;Оплата;Наличные;"1500,50";#${ticket.id};Выгрузкин Влад;"Аванс; наличными";Кассиров Кирилл;${opened.id}`,
    );
    expect(payments).toContain(`;Возврат;Наличные;"-50,00";#${ticket.id};`);
    const shifts = await csv('shifts');
    expect(shifts).toContain(`${opened.id};`);
    expect(shifts).toContain(';"200,00";"1500,50";"50,00";"0,00";"0,00";"1650,50";"1600,00";"-50,50";');
    const employee = await ctx.register({ displayName: 'Сотрудников Семён' });
    const refused = await call(
      'GET',
      `/api/export/payments.csv?from=${today}&to=${today}`,
      undefined,
      employee,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await call('GET', '/api/export/shifts.csv?from=2026-02-30&to=2026-03-01', undefined, admin))
        .statusCode,
    ).toBe(400);
  });
});
