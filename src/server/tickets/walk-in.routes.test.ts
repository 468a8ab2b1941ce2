import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { WorkItemDto } from '../../domain/worklist-query';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 18: a device the client brought to the shop skips the delivery steps both ways;
// the ПВЗ route keeps the spec's guards (tickets.routes.test.ts walks it).
describeEachDatabase('walk-in tickets', (ctx) => {
  let staff: SignedIn;

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  const call = apiCaller(ctx, () => staff);
  const newTicket = async (extra: object = {}) => {
    const response = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Пришёлов Павел', phone: '8 912 333-44-55' },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };
  const step = async (ticket: TicketDetailDto, direction: 'forward' | 'back') => {
    const response = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction,
      expectedStatus: ticket.status,
      // Closing takes the repair summary (issue 49), typed in the closing dialog.
      ...(ticket.status === 'notify_client' && direction === 'forward' ? { repairSummary: 'Готово' } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };
  const patch = (ticket: TicketDetailDto, body: object) => call('PATCH', `/api/tickets/${ticket.id}`, body);

  it('is a ПВЗ ticket unless the form says otherwise, and refuses an unknown intake in Russian', async () => {
    expect((await newTicket()).intake).toBe('pvz');
    const bad = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      intake: 'courier',
      client: { mode: 'new', fullName: 'Курьеров Кирилл' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Укажите, как принят аппарат');
  });

  it('walks Новая → В ремонте → Готов к выдаче → Оповестить клиента → Закрыта with no provider', async () => {
    let ticket = await newTicket({ intake: 'walk_in' });
    expect(ticket).toMatchObject({ intake: 'walk_in', status: 'new' });
    const statuses: string[] = [ticket.status];
    while (ticket.status !== 'closed') {
      ticket = await step(ticket, 'forward');
      statuses.push(ticket.status);
    }
    expect(statuses).toEqual(['new', 'in_repair', 'repair_done', 'notify_client', 'closed']);
    expect(ticket.closedAt).toBe(ctx.clock.now().toISOString());
    expect(ticket.deliveryProvider).toBeNull();
    expect(ticket.returnProvider).toBeNull();

    const reopening = await call('POST', `/api/tickets/${ticket.id}/reopen`, { reason: 'Снова шумит' });
    const reopened = reopening.json<{ ticket: TicketDetailDto }>().ticket;
    expect(reopened.status).toBe('notify_client');
    const history = reopened.history.filter((h) => ['status_change', 'reopen'].includes(h.action));
    expect(history.map((h) => [h.oldValue, h.newValue])).toEqual([
      ['Закрыта', 'Оповестить клиента'],
      ['Оповестить клиента', 'Закрыта'],
      ['Готов к выдаче', 'Оповестить клиента'],
      ['В ремонте', 'Готов к выдаче'],
      ['Новая', 'В ремонте'],
    ]);

    // Back to the start the same way, never through a delivery status.
    ticket = reopened;
    const back: string[] = [];
    while (ticket.status !== 'new') {
      ticket = await step(ticket, 'back');
      back.push(ticket.status);
    }
    expect(back).toEqual(['repair_done', 'in_repair', 'new']);
  });

  it('refuses a delivery service on a walk-in, and the worklist knows how it came in', async () => {
    let ticket = await newTicket({ intake: 'walk_in' });
    ticket = await step(ticket, 'forward');
    ticket = await step(ticket, 'forward'); // repair_done: a ПВЗ ticket would pick its return service here
    const refused = await patch(ticket, { returnProvider: 'ozon' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Клиент принёс аппарат сам: служба доставки не нужна');

    const work = await call('GET', '/api/work?type=tickets');
    const row = work.json<{ items: WorkItemDto[] }>().items.find((item) => item.id === ticket.id);
    expect(row).toMatchObject({ intake: 'walk_in', status: 'repair_done', highlight: null });
  });

  it('switches intake in a status both routes share, with history; never while in transit', async () => {
    let ticket = await newTicket();
    const switched = await patch(ticket, { intake: 'walk_in' });
    expect(switched.statusCode, switched.body).toBe(200);
    ticket = switched.json<{ ticket: TicketDetailDto }>().ticket;
    expect(ticket.intake).toBe('walk_in');
    expect(ticket.history.find((h) => h.action === 'set_intake')).toMatchObject({
      oldValue: 'Через ПВЗ',
      newValue: 'Клиент принёс сам',
    });
    expect((await step(ticket, 'forward')).status).toBe('in_repair');

    // A ПВЗ ticket on its way in cannot become a walk-in: its status is not on that route.
    let shipped = await newTicket();
    shipped = await step(shipped, 'forward'); // delivery_requested
    const refused = await patch(shipped, { intake: 'walk_in' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Способ приёма можно изменить только в статусах/);
    const after = (await call('GET', `/api/tickets/${shipped.id}`)).json<{ ticket: TicketDetailDto }>()
      .ticket;
    expect(after).toMatchObject({ intake: 'pvz', status: 'delivery_requested' });
  });

  it('a walk-in switched to ПВЗ at «Готов к отправке» takes the spec’s return guard again', async () => {
    let ticket = await newTicket({ intake: 'walk_in' });
    ticket = await step(ticket, 'forward');
    ticket = await step(ticket, 'forward'); // repair_done
    ticket = (await patch(ticket, { intake: 'pvz' })).json<{ ticket: TicketDetailDto }>().ticket;
    const refused = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: ticket.status,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Выберите службу доставки');
    ticket = (await patch(ticket, { returnProvider: 'wb' })).json<{ ticket: TicketDetailDto }>().ticket;
    expect((await step(ticket, 'forward')).status).toBe('to_pvz');
  });

  it('refuses a step from a screen that saw the other route, and a provider saved with a switch to walk-in', async () => {
    const ticket = await newTicket();
    // Someone switches it to a walk-in after this screen loaded (status unchanged).
    const switched = (await patch(ticket, { intake: 'walk_in' })).json<{ ticket: TicketDetailDto }>().ticket;
    const stale = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'new',
      expectedIntake: 'pvz',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ticket).toMatchObject({ intake: 'walk_in', status: 'new' });

    // One save switching to walk-in and choosing a provider: refused whole.
    let pvz = await newTicket();
    pvz = await step(pvz, 'forward');
    pvz = (await patch(pvz, { deliveryProvider: 'cdek' })).json<{ ticket: TicketDetailDto }>().ticket;
    const back = await step(await step(await step(pvz, 'forward'), 'forward'), 'forward'); // repair_done
    expect(back.status).toBe('repair_done');
    const both = await patch(back, { intake: 'walk_in', returnProvider: 'wb' });
    expect(both.statusCode).toBe(409);
    const after = (await call('GET', `/api/tickets/${back.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(after).toMatchObject({ intake: 'pvz', returnProvider: null });
    expect(switched.intake).toBe('walk_in');
  });
});
