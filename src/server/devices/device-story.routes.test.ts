import { beforeAll, expect, it } from 'vitest';
import type { DeviceHistoryDto } from '../../domain/device-key';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// A device's whole story (issue 49): found by its serial however it is typed, with each
// ticket's dates, summary and warranty; a warranty return opened from the original in one step.

describeEachDatabase('a device’s story', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const ticketOf = (response: { json: () => unknown }) =>
    (response.json() as { ticket: TicketDetailDto }).ticket;
  const story = async (serial: string) => {
    const response = await call('GET', `/api/devices/${encodeURIComponent(serial)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DeviceHistoryDto;
  };

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  async function closedRepair(serial: string, summary: string): Promise<TicketDetailDto> {
    let ticket = ticketOf(
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        intake: 'walk_in',
        device: 'Ноутбук Lenovo T480',
        serialNumber: serial,
        warrantyCard: 'ГТ-77',
        complaint: 'Не загружается',
        client: { mode: 'new', fullName: 'Повторов Пётр', phone: '8 912 555-44-33' },
      }),
    );
    while (ticket.status !== 'closed') {
      const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, {
        direction: 'forward',
        expectedStatus: ticket.status,
        ...(ticket.status === 'notify_client' ? { repairSummary: summary } : {}),
      });
      expect(stepped.statusCode, stepped.body).toBe(200);
      ticket = ticketOf(stepped);
    }
    return ticket;
  }

  it('finds a device’s tickets by its serial however it is typed, newest first', async () => {
    const first = await closedRepair('PF-1X2Y 3Z', 'Заменён SSD');
    const second = await closedRepair('pf1x2y3z', 'Заменён шлейф');
    const other = await closedRepair('PF1X2Y3', 'Чужое устройство');
    for (const typed of ['PF-1X2Y 3Z', 'pf 1x2y-3z', 'PF1X2Y3Z']) {
      const found = await story(typed);
      expect(found.key).toBe('PF1X2Y3Z');
      expect(found.tickets.map((t) => t.id)).toEqual([second.id, first.id]);
    }
    expect((await story('PF1X2Y3')).tickets.map((t) => t.id)).toEqual([other.id]);
    expect((await story('PF1X2Y3Z')).tickets[1]).toMatchObject({
      repairSummary: 'Заменён SSD',
      warrantyDays: 30,
      closedAt: first.closedAt,
      clientName: 'Повторов Пётр',
    });

    // A ticket in the Корзина is not part of the story; a serial too short to mean a device is refused.
    await call('DELETE', `/api/tickets/${second.id}`);
    expect((await story('PF1X2Y3Z')).tickets.map((t) => t.id)).toEqual([first.id]);
    const short = await call('GET', '/api/devices/a-1');
    expect(short.statusCode).toBe(404);
  });

  it('follows a serial corrected on the card', async () => {
    const ticket = await closedRepair('OLD-0001', 'Готово');
    expect((await story('OLD-0001')).tickets).toHaveLength(1);
    // Reopened to fix a typo in the serial, then the story moves with it.
    await call('POST', `/api/tickets/${ticket.id}/reopen`, { reason: 'Опечатка в серийном номере' });
    const fixed = await call('PATCH', `/api/tickets/${ticket.id}`, { serialNumber: 'NEW-0001' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await story('OLD-0001')).tickets).toHaveLength(0);
    expect((await story('new 0001')).tickets.map((t) => t.id)).toEqual([ticket.id]);
  });

  it('opens a warranty return from a closed ticket in one step, linked both ways', async () => {
    const original = await closedRepair('WR-777', 'Заменена матрица');
    const response = await call('POST', `/api/tickets/${original.id}/warranty-return`);
    expect(response.statusCode, response.body).toBe(201);
    const back = ticketOf(response);
    expect(back).toMatchObject({
      status: 'new',
      returnOf: original.id,
      title: original.title,
      intake: 'walk_in',
      clientId: original.clientId,
      device: 'Ноутбук Lenovo T480',
      serialNumber: 'WR-777',
      warrantyCard: 'ГТ-77',
      complaint: '',
      description: `Гарантийный возврат по заявке #${original.id}`,
      warrantyDays: 30,
    });
    expect(back.history.find((h) => h.action === 'warranty_return')?.note).toBe(`#${original.id}`);

    const after = ticketOf(await call('GET', `/api/tickets/${original.id}`));
    expect(after.returns).toEqual([{ id: back.id, createdAt: back.createdAt, status: 'new' }]);
    expect(after.history.find((h) => h.action === 'warranty_return_opened')?.note).toBe(`#${back.id}`);
    // The original stays closed; the device's story has both.
    expect(after.status).toBe('closed');
    expect((await story('WR-777')).tickets.map((t) => t.id)).toEqual([back.id, original.id]);

    // Only a device that was handed over comes back under warranty.
    const refused = await call('POST', `/api/tickets/${back.id}/warranty-return`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { error: { message: string } }).error.message).toBe(
      'Гарантийный возврат оформляют по закрытой заявке: по выданному устройству',
    );
  });
});
