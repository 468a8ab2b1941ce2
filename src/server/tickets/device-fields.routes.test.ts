import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../domain/page';
import type { TicketDetailDto, TicketDto } from '../../domain/ticket-schemas';
import type { WorkItemDto } from '../../domain/worklist-query';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

// Issue 18: a ticket's device fields — kept, edited with history, searched by every list.
describeEachDatabase('ticket device fields', (ctx) => {
  let staff: SignedIn;

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: staff.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
    });

  const device = {
    device: 'Ноутбук ASUS VivoBook 15 X1504',
    serialNumber: 'SN-R7NKCV04A112',
    kit: 'Зарядка, сумка',
    condition: 'Царапина на крышке,\nскол у петли',
    complaint: 'Не включается после обновления',
    warrantyCard: 'ГТ-004512',
  };

  it('keeps every device field as typed (trimmed) and shows them on the card', async () => {
    const response = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Устройствов Ульян' },
      ...device,
      device: `  ${device.device}  `,
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<{ ticket: TicketDetailDto }>().ticket;
    expect(ticket).toMatchObject(device);

    const empty = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Безустройствов Борис' },
    });
    expect(empty.json<{ ticket: TicketDetailDto }>().ticket).toMatchObject({ device: '', serialNumber: '' });
  });

  it('refuses what is too long or holds control characters, in Russian, and stores nothing', async () => {
    const long = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Длиннов Дмитрий' },
      serialNumber: 'X'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Серийный номер / IMEI не длиннее 100 символов');
    const control = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Управляев Ульян' },
      device: 'Ноутбук\u0007',
    });
    expect(control.statusCode).toBe(400);
    expect(control.body).toContain('Устройство: недопустимый символ');
    const list = await call('GET', `/api/tickets?q=${encodeURIComponent('Длиннов')}`);
    expect(list.json<Page<TicketDto>>().items).toEqual([]);
  });

  it('edits each field with a history row holding the value before and after', async () => {
    const created = (
      await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        client: { mode: 'new', fullName: 'Правкин Павел' },
        serialNumber: 'OLD-1',
      })
    ).json<{ ticket: TicketDetailDto }>().ticket;
    const response = await call('PATCH', `/api/tickets/${created.id}`, {
      serialNumber: 'NEW-2',
      warrantyCard: '№ 77',
    });
    expect(response.statusCode, response.body).toBe(200);
    const ticket = response.json<{ ticket: TicketDetailDto }>().ticket;
    expect(ticket).toMatchObject({ serialNumber: 'NEW-2', warrantyCard: '№ 77' });
    const rows = ticket.history.map((h) => [h.action, h.oldValue, h.newValue]);
    expect(rows).toContainEqual(['edit_serial_number', 'OLD-1', 'NEW-2']);
    expect(rows).toContainEqual(['edit_warranty_card', '', '№ 77']);
  });

  it('finds a ticket by a fragment of its serial or warranty number or its model, in any case, in every list', async () => {
    const created = (
      await call('POST', '/api/tickets', {
        title: 'Замена видеокарты',
        client: { mode: 'new', fullName: 'Поисков Пётр' },
        device: 'Видеокарта MSI RTX 4060 Ventus',
        serialNumber: '602-V516-0QSB2312',
        warrantyCard: 'WG-88341',
      })
    ).json<{ ticket: TicketDetailDto }>().ticket;
    for (const q of ['v516-0qsb', '0QSB23', 'wg-883', 'rtx 4060', 'ventus']) {
      const work = (await call('GET', `/api/work?q=${encodeURIComponent(q)}`)).json<Page<WorkItemDto>>();
      expect(
        work.items.map((i) => i.id),
        `worklist ${q}`,
      ).toContain(created.id);
      expect(work.items.find((i) => i.id === created.id && i.kind === 'ticket')?.device).toBe(
        'Видеокарта MSI RTX 4060 Ventus',
      );
      const tickets = (await call('GET', `/api/tickets?q=${encodeURIComponent(q)}`)).json<Page<TicketDto>>();
      expect(
        tickets.items.map((t) => t.id),
        `tickets ${q}`,
      ).toContain(created.id);
    }
    // Edited, the new serial is found and the old one no longer.
    await call('PATCH', `/api/tickets/${created.id}`, { serialNumber: 'ZZ-NEW-777' });
    const byNew = (await call('GET', '/api/work?q=zz-new')).json<Page<WorkItemDto>>();
    expect(byNew.items.map((i) => i.id)).toContain(created.id);
    const byOld = (await call('GET', '/api/work?q=0qsb2312')).json<Page<WorkItemDto>>();
    expect(byOld.items.map((i) => i.id)).not.toContain(created.id);
  });
});
