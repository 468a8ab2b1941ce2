import { beforeAll, expect, it } from 'vitest';
import type { TicketDocument } from '../../domain/ticket-documents';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { pdfText } from '../test/pdf-tools';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 50: papers with sums. The приёмная квитанция shows the estimate and the prepayment; the
// акт выдачи the lines, totals, what was paid by the handover, the balance and each line's
// warranty — in the PDF's text as a reader copies it (pdftotext) and in the print page's model.

describeEachDatabase('papers with sums', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const plain = (text: string) => text.replace(/\s+/g, ' ');
  const pdf = async (id: number, kind: 'receipt' | 'act') => {
    const response = await call('GET', `/api/tickets/${id}/documents/${kind}/pdf`);
    expect(response.statusCode).toBe(200);
    return plain(pdfText(response.rawPayload));
  };

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  it('prints the approved estimate and the prepayment on the receipt, the lines and the balance on the act', async () => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Бумагина Вера' },
      device: 'Смартфон Honor 50',
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    const lines = `/api/tickets/${ticket.id}/lines`;
    await call('POST', lines, { kind: 'work', name: 'Замена дисплея', price: 350000, warrantyDays: 90 });
    await call('POST', lines, {
      kind: 'part',
      name: 'Защитное стекло',
      quantity: 2,
      price: 50000,
      discount: 10000,
    });
    expect((await call('POST', `/api/tickets/${ticket.id}/estimate`)).statusCode).toBe(200);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `${ticket.statusPath}/estimate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'version=1&answer=approved',
    });
    expect(approved.statusCode).toBe(303);
    const pay = (body: { kind: string; [field: string]: unknown }) =>
      call('POST', `/api/tickets/${ticket.id}/${body.kind === 'refund' ? 'refunds' : 'payments'}`, body);
    await pay({ kind: 'payment', method: 'cash', amount: 100000 });

    const receipt = await pdf(ticket.id, 'receipt');
    for (const expected of [
      'Смета № 1 (согласована клиентом',
      'Замена дисплея',
      'Защитное стекло',
      'Итого по смете: 4 400,00 ₽',
      'Предоплата: 1 000,00 ₽',
    ]) {
      expect(receipt).toContain(expected);
    }

    ctx.clock.advance(60_000);
    await pay({ kind: 'payment', method: 'card', amount: 340000 });
    const act = await pdf(ticket.id, 'act');
    for (const expected of [
      'Работы и запчасти',
      'Наименование Кол-во Цена Скидка Сумма Гарантия',
      'Замена дисплея 1 3 500,00 ₽ — 3 500,00 ₽ 90 дн.',
      'Защитное стекло 2 500,00 ₽ 100,00 ₽ 900,00 ₽',
      'Итого: 4 400,00 ₽',
      'Оплачено: 4 400,00 ₽',
      'К оплате: 0,00 ₽',
    ]) {
      expect(act).toContain(expected);
    }

    // Handed over; a refund made afterwards is not what the client signed for.
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'closed', closed_at: ctx.clock.now().toISOString() })
      .where('id', '=', ticket.id)
      .execute();
    ctx.clock.advance(60_000);
    expect(
      (await pay({ kind: 'refund', method: 'card', amount: 50000, note: 'Скидка постоянному' })).statusCode,
    ).toBe(201);
    expect(await pdf(ticket.id, 'act')).toContain('Оплачено: 4 400,00 ₽');

    const page = await call('GET', `/api/tickets/${ticket.id}/documents/act`);
    const { document } = page.json<{ document: TicketDocument }>();
    expect(document.tables[0]?.rows[0]).toEqual([
      'Замена дисплея',
      '1',
      '3\u00a0500,00\u00a0₽',
      '—',
      '3\u00a0500,00\u00a0₽',
      '90 дн.',
    ]);
  });

  it('prints no sums on a ticket without lines or payments', async () => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Безденежных Ольга' },
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    expect(await pdf(ticket.id, 'receipt')).not.toContain('Смета');
    expect(await pdf(ticket.id, 'act')).not.toContain('Работы и запчасти');
  });
});
