import { beforeAll, expect, it } from 'vitest';
import type { TicketMoneyDto } from '../../domain/money';
import {
  PAYER_CLOSED,
  PAYER_IN_USE,
  PAYER_NAME_TAKEN,
  PAYER_NOT_FOUND,
  STALE_PAYER,
  type PayerDto,
  type PayerStatementDto,
} from '../../domain/payers';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 50: who pays for a repair — the client, or an organisation of the shop's directory —
// and a payer's statement for a period: its repairs, what they come to, paid and owed.

describeEachDatabase('payers and their statements', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;
  const newTicket = async (fullName: string) => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName },
      device: 'Пылесос Dyson',
    });
    expect(created.statusCode, created.body).toBe(201);
    return json<{ ticket: TicketDetailDto }>(created).ticket;
  };
  const newPayer = async (name: string) => {
    const created = await call('POST', '/api/payers', { name, details: 'ИНН 7701234567' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    return json<{ payer: PayerDto }>(created).payer;
  };
  const setPayer = (id: number, payerId: number | null) =>
    call('PUT', `/api/tickets/${id}/payer`, { payerId });

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('names who pays on a ticket, with history; a payer in use is kept, a stale edit refused', async () => {
    const seller = await newPayer('ООО «Техномир»');
    const twin = await call('POST', '/api/payers', { name: 'ооо «техномир»' }, admin);
    expect(twin.statusCode).toBe(409);
    expect(errorOf(twin)).toBe(PAYER_NAME_TAKEN);

    const ticket = await newTicket('Платёжный Пётр');
    const set = await setPayer(ticket.id, seller.id);
    expect(set.statusCode, set.body).toBe(200);
    expect(json<{ money: TicketMoneyDto }>(set).money.payer).toEqual({
      id: seller.id,
      name: 'ООО «Техномир»',
    });
    const detail = json<{ ticket: TicketDetailDto }>(await call('GET', `/api/tickets/${ticket.id}`)).ticket;
    expect(detail.history[0]).toMatchObject({
      action: 'set_payer',
      oldValue: 'Клиент',
      newValue: 'ООО «Техномир»',
    });
    const unknown = await setPayer(ticket.id, 987654);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe(PAYER_NOT_FOUND);

    const inUse = await call('DELETE', `/api/payers/${seller.id}`, undefined, admin);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse)).toBe(PAYER_IN_USE);
    const renamed = await call(
      'PATCH',
      `/api/payers/${seller.id}`,
      { version: 1, name: 'ООО «Техномир-Сервис»' },
      admin,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await call('PATCH', `/api/payers/${seller.id}`, { version: 1, details: 'старое' }, admin);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(STALE_PAYER);
    expect(json<{ payer: PayerDto }>(stale).payer.version).toBe(2);

    // Back to the client; then the payer is free to go.
    expect(json<{ money: TicketMoneyDto }>(await setPayer(ticket.id, null)).money.payer).toBeNull();
    expect((await call('DELETE', `/api/payers/${seller.id}`, undefined, admin)).statusCode).toBe(204);

    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'closed' })
      .where('id', '=', ticket.id)
      .execute();
    const closed = await setPayer(ticket.id, null);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe(PAYER_CLOSED);
  });

  it('states a payer’s repairs of a period with their sums, and what it paid in the period', async () => {
    const market = await newPayer('Маркетплейс «Озон»');
    const day = 86_400_000;
    const early = await newTicket('Ранний Роман');
    await setPayer(early.id, market.id);
    ctx.clock.advance(2 * day);
    const first = await newTicket('Первый Фёдор');
    const second = await newTicket('Второй Василий');
    const trashed = await newTicket('Корзинный Кирилл');
    const clientPays = await newTicket('Сам Платит');
    for (const ticket of [first, second, trashed]) await setPayer(ticket.id, market.id);
    for (const [ticket, price] of [
      [first, 300000],
      [second, 150000],
      [trashed, 990000],
      [clientPays, 500000],
    ] as const) {
      await call('POST', `/api/tickets/${ticket.id}/lines`, {
        kind: 'work',
        name: 'Гарантийный ремонт',
        price,
      });
    }
    await call('POST', `/api/tickets/${first.id}/payments`, {
      kind: 'payment',
      method: 'transfer',
      amount: 300000,
    });
    await call('POST', `/api/tickets/${second.id}/payments`, {
      kind: 'payment',
      method: 'transfer',
      amount: 50000,
    });
    expect((await call('DELETE', `/api/tickets/${trashed.id}`)).statusCode).toBe(204);

    const today = ctx.clock.now().toISOString().slice(0, 10);
    const response = await call(
      'GET',
      `/api/payers/${market.id}/statement?from=${today}&to=${today}`,
      undefined,
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { statement } = json<{ statement: PayerStatementDto }>(response);
    expect(statement.rows.map((row) => [row.id, row.clientName, row.total, row.paid, row.due])).toEqual([
      [first.id, 'Первый Фёдор', 300000, 300000, 0],
      [second.id, 'Второй Василий', 150000, 50000, 100000],
    ]);
    expect(statement).toMatchObject({ total: 450000, paid: 350000, due: 100000, paidInPeriod: 350000 });

    for (const query of ['from=2026-13-01&to=2026-12-01', `from=${today}&to=2020-01-01`, '']) {
      const bad = await call('GET', `/api/payers/${market.id}/statement?${query}`, undefined, admin);
      expect(bad.statusCode, query).toBe(400);
    }
    expect(
      (await call('GET', `/api/payers/987654/statement?from=${today}&to=${today}`, undefined, admin))
        .statusCode,
    ).toBe(404);
  });

  it('a payer’s repair: the client’s page asks for nothing, and it closes owing without «в долг»', async () => {
    const vendor = await newPayer('Сервис производителя');
    const ticket = await newTicket('Гарантийкин Глеб');
    await setPayer(ticket.id, vendor.id);
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: 'Замена платы',
      price: 800000,
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: ticket.statusPath,
      remoteAddress: '203.0.113.80',
    });
    expect(page.body).not.toContain('К оплате');
    for (const expectedStatus of ['new', 'in_repair', 'repair_done']) {
      const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, {
        direction: 'forward',
        expectedStatus,
      });
      expect(stepped.statusCode, stepped.body).toBe(200);
    }
    const closed = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'notify_client',
      repairSummary: 'Заменена плата',
      warrantyDays: 30,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const history = json<{ ticket: TicketDetailDto }>(closed).ticket.history;
    expect(history.find((row) => row.action === 'on_credit')).toMatchObject({
      newValue: '8\u00a0000,00\u00a0₽',
      note: 'Оплатит Сервис производителя',
    });
  });
});
