import { beforeAll, expect, it } from 'vitest';
import { ESTIMATE_EMPTY, ESTIMATE_STALE } from '../../domain/estimate';
import type { TicketMoneyDto } from '../../domain/money';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 50: the estimate (смета) a client approves on the status page, signed out. The answer
// names the version the client saw: an answer to an older one is refused, and a change after
// sending asks for sending again. The page shows the sent lines' names and sums, nothing else.

describeEachDatabase('the estimate the client answers', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const moneyOf = async (id: number) =>
    json<{ money: TicketMoneyDto }>(await call('GET', `/api/tickets/${id}/money`)).money;
  const send = (id: number) => call('POST', `/api/tickets/${id}/estimate`);
  const page = (path: string) => ctx.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.50' });
  const answer = (path: string, body: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${path}/estimate`,
      remoteAddress: '203.0.113.50',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  const newTicket = async () => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Сметова Светлана' },
      description: 'ВНУТРЕННЕЕ ОПИСАНИЕ',
    });
    expect(created.statusCode, created.body).toBe(201);
    return json<{ ticket: TicketDetailDto }>(created).ticket;
  };
  const historyOf = async (id: number) =>
    json<{ ticket: TicketDetailDto }>(await call('GET', `/api/tickets/${id}`)).ticket.history;

  beforeAll(async () => {
    staff = await ctx.register({ displayName: 'Приёмщиков Пётр' });
  });

  it('is sent as a copy of the lines, answered once on the status page, and recorded in history', async () => {
    const ticket = await newTicket();
    const empty = await send(ticket.id);
    expect(empty.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(empty).error.message).toBe(ESTIMATE_EMPTY);

    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: 'Чистка от пыли',
      price: 150000,
      discount: 20000,
    });
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'part',
      name: 'Термопаста',
      quantity: 2,
      price: 30000,
    });
    await call('POST', `/api/tickets/${ticket.id}/payments`, {
      kind: 'payment',
      method: 'card',
      amount: 50000,
      note: 'ЗАМЕТКА КАССИРА',
    });
    const sent = await send(ticket.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const { estimate } = json<{ money: TicketMoneyDto }>(sent).money;
    expect(estimate).toMatchObject({
      version: 1,
      total: 190000,
      answer: null,
      answeredAt: null,
      outdated: false,
      sentByName: 'Приёмщиков Пётр',
    });
    expect(estimate?.lines.map((line) => [line.name, line.total])).toEqual([
      ['Чистка от пыли', 130000],
      ['Термопаста', 60000],
    ]);
    // Sending lines already sent keeps the version (a second tap, a message sent again).
    expect(json<{ money: TicketMoneyDto }>(await send(ticket.id)).money.estimate?.version).toBe(1);
    expect((await historyOf(ticket.id))[0]).toMatchObject({
      action: 'estimate_sent',
      newValue: 'Смета № 1: 1\u00a0900,00\u00a0₽',
    });

    const html = (await page(ticket.statusPath)).body;
    expect(html).toContain('Смета на ремонт');
    expect(html).toContain('<td>Термопаста × 2</td><td class="sum">600,00\u00a0₽</td>');
    expect(html).toContain('Итого: 1\u00a0900,00\u00a0₽');
    expect(html).toContain('<input type="hidden" name="version" value="1">');
    expect(html).toContain('>Согласовать</button>');
    expect(html).toContain('>Отказаться</button>');
    // Nothing private: not who sent it, not a discount or a unit price, not a payment's note.
    for (const secret of [
      'Приёмщиков',
      'Сметова',
      'ВНУТРЕННЕЕ',
      'ЗАМЕТКА КАССИРА',
      '200,00',
      '1\u00a0500,00',
      '>300,00',
      'Карта',
    ]) {
      expect(html, secret).not.toContain(secret);
    }

    const approved = await answer(ticket.statusPath, 'version=1&answer=approved');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(ticket.statusPath);
    const after = (await page(ticket.statusPath)).body;
    expect(after).toContain('Вы согласовали смету');
    expect(after).not.toContain('>Согласовать</button>');
    // A second tap, or the other button on a page left open, changes nothing.
    expect((await answer(ticket.statusPath, 'version=1&answer=declined&confirmed=1')).statusCode).toBe(303);
    const money = await moneyOf(ticket.id);
    expect(money.estimate).toMatchObject({ version: 1, answer: 'approved' });
    expect(money.estimate?.answeredAt).toEqual(expect.any(String));
    expect((await historyOf(ticket.id))[0]).toMatchObject({
      action: 'estimate_approved',
      userName: 'Клиент (страница статуса)',
      newValue: 'Смета № 1: 1\u00a0900,00\u00a0₽',
    });
  });

  it('asks again after a change: the card says so, a new version clears the answer, an old answer is refused', async () => {
    const ticket = await newTicket();
    const added = json<{ money: TicketMoneyDto }>(
      await call('POST', `/api/tickets/${ticket.id}/lines`, {
        kind: 'work',
        name: 'Диагностика',
        price: 50000,
      }),
    ).money;
    await send(ticket.id);
    expect((await answer(ticket.statusPath, 'version=1&answer=approved')).statusCode).toBe(303);

    const line = added.lines[0]!;
    await call('PATCH', `/api/tickets/${ticket.id}/lines/${line.id}`, {
      version: line.version,
      price: 70000,
    });
    const changed = await moneyOf(ticket.id);
    expect(changed.estimate).toMatchObject({ version: 1, answer: 'approved', outdated: true });
    // Until sent again, the client still reads what they approved.
    expect((await page(ticket.statusPath)).body).toContain('Итого: 500,00\u00a0₽');

    expect(json<{ money: TicketMoneyDto }>(await send(ticket.id)).money.estimate).toMatchObject({
      version: 2,
      total: 70000,
      answer: null,
      outdated: false,
    });
    // The page opened before the change answers version 1: refused, with the new estimate shown.
    // «Отказаться» on the old page is told too, before it is asked to confirm.
    const oldRefusal = await answer(ticket.statusPath, 'version=1&answer=declined');
    expect(oldRefusal.statusCode).toBe(409);
    expect(oldRefusal.body).toContain(ESTIMATE_STALE);
    const old = await answer(ticket.statusPath, 'version=1&answer=approved');
    expect(old.statusCode).toBe(409);
    expect(old.body).toContain(ESTIMATE_STALE);
    expect(old.body).toContain('Итого: 700,00\u00a0₽');
    expect(old.body).toContain('name="version" value="2"');
    expect((await moneyOf(ticket.id)).estimate?.answer).toBeNull();

    // «Отказаться» asks once more; only «Да, отказаться» counts.
    const asked = await answer(ticket.statusPath, 'version=2&answer=declined');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Отказаться от сметы?');
    expect(asked.body).toContain('<input type="hidden" name="confirmed" value="1">');
    expect(asked.body).toContain('>Да, отказаться</button>');
    expect((await moneyOf(ticket.id)).estimate?.answer).toBeNull();
    expect((await answer(ticket.statusPath, 'version=2&answer=declined&confirmed=1')).statusCode).toBe(303);
    expect((await page(ticket.statusPath)).body).toContain('Вы отказались от сметы');
    expect((await moneyOf(ticket.id)).estimate).toMatchObject({ version: 2, answer: 'declined' });
  });

  it('refuses an unreadable answer in Russian, and any answer to a wrong token or a closed ticket', async () => {
    const ticket = await newTicket();
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'work',
      name: 'Замена кулера',
      price: 90000,
    });
    await send(ticket.id);
    for (const body of [
      '',
      'version=abc&answer=approved',
      'version=1&answer=maybe',
      'version=-1&answer=approved',
    ]) {
      const refused = await answer(ticket.statusPath, body);
      expect(refused.statusCode, body).toBe(400);
      expect(refused.body).toContain('Не удалось прочитать ответ');
    }
    expect((await answer('/s/AAAAAAAAAAAAAAAAAAAAAAAA', 'version=1&answer=approved')).statusCode).toBe(404);

    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'closed' })
      .where('id', '=', ticket.id)
      .execute();
    expect((await answer(ticket.statusPath, 'version=1&answer=approved')).statusCode).toBe(404);
    expect((await moneyOf(ticket.id)).estimate?.answer).toBeNull();
    expect((await page(ticket.statusPath)).body).not.toContain('Смета на ремонт');
  });
});
