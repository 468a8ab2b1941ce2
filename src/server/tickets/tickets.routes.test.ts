import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { multipart, type UploadPart } from '../test/multipart';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describeEachDatabase('tickets API', (ctx) => {
  let staff: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
    other = await ctx.register({ displayName: 'Мастеров Максим' });
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    who = staff,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
    });
  const upload = (id: number, kind: 'files' | 'pvz-photos', parts: UploadPart[]) => {
    const body = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/${kind}`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
  };
  const newTicket = async (extra: object = {}) => {
    const response = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Заявкин Заур', phone: '8 912 000-11-22' },
      description: 'Не включается',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };
  const stepTicket = (
    t: { id: number; status: string },
    direction: 'forward' | 'back',
    who = staff,
    extra: object = {},
  ) => call('POST', `/api/tickets/${t.id}/step`, { direction, expectedStatus: t.status, ...extra }, who);
  const forward = async (t: TicketDetailDto) => {
    // Closing takes the repair summary (issue 49), typed in the closing dialog.
    const extra = t.status === 'notify_client' ? { repairSummary: 'Отремонтировано' } : {};
    const response = await stepTicket(t, 'forward', staff, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };

  it('creates a ticket with a new client in one go', async () => {
    const ticket = await newTicket({ dueDate: '2026-12-01', assigneeId: other.user.id });
    expect(ticket).toMatchObject({
      title: 'Гарантийный ремонт',
      description: 'Не включается',
      status: 'new',
      dueDate: '2026-12-01',
      clientName: 'Заявкин Заур',
      clientPhone: '8 912 000-11-22',
      assigneeId: other.user.id,
      assigneeName: 'Мастеров Максим',
      createdByName: staff.user.displayName,
      closedAt: null,
    });
    const client = await call('GET', `/api/clients/${ticket.clientId}`);
    expect(client.json().client.fullName).toBe('Заявкин Заур');
    // Newest first.
    expect(ticket.history.map((h) => h.action)).toEqual(['assign', 'create']);
    expect(ticket.history[0]).toMatchObject({
      userName: staff.user.displayName,
      newValue: 'Мастеров Максим',
    });
    expect(ticket.history[1]).toMatchObject({ note: 'Гарантийный ремонт', newStatus: 'new' });
  });

  it('creates a ticket for an existing client', async () => {
    const client = (
      await call('POST', '/api/clients', { fullName: 'Старый Клиент', phone: '9001112233' })
    ).json().client;
    const response = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'existing', clientId: client.id },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().ticket).toMatchObject({
      clientId: client.id,
      clientName: 'Старый Клиент',
      dueDate: null,
    });
  });

  it('answers each validation problem in Russian and creates nothing', async () => {
    const before = (await call('GET', '/api/tickets')).json().items.length;
    const cases: [object, string][] = [
      [{ client: { mode: 'new', fullName: 'Х' } }, 'Выберите тип заявки'],
      [{ title: 'Ремонт утюга', client: { mode: 'new', fullName: 'Х' } }, 'Выберите тип заявки'],
      [{ title: 'Замена SSD' }, 'Выберите клиента'],
      [{ title: 'Замена SSD', client: { mode: 'existing' } }, 'Выберите клиента'],
      [{ title: 'Замена SSD', client: { mode: 'new', fullName: '  ' } }, 'Заполните ФИО клиента'],
      [
        { title: 'Замена SSD', client: { mode: 'existing', clientId: 999999 } },
        'Клиент не найден, выберите другого',
      ],
      [
        { title: 'Замена SSD', client: { mode: 'new', fullName: 'Х' }, dueDate: '31.12.2026' },
        'Срок: некорректная дата',
      ],
      [
        { title: 'Замена SSD', client: { mode: 'new', fullName: 'Х' }, assigneeId: 999999 },
        'Исполнитель не найден или отключён',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/tickets', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect((await call('GET', '/api/tickets')).json().items.length).toBe(before);
    const orphan = await call('GET', `/api/clients?q=${encodeURIComponent('Х')}`);
    expect(orphan.json().items).toEqual([]);
  });

  it('uses the admin’s default assignee when the form does not say', async () => {
    const admin = await ctx.loginAs('admin');
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/default-assignees',
      headers: { cookie: admin.cookie },
      payload: { ticketAssigneeId: other.user.id, taskAssigneeId: null },
    });
    expect(set.json()).toEqual({ ticketAssigneeId: other.user.id, taskAssigneeId: null });
    // All or nothing: one valid and one unknown assignee changes neither.
    const half = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/default-assignees',
      headers: { cookie: admin.cookie },
      payload: { ticketAssigneeId: staff.user.id, taskAssigneeId: 999_999 },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toBe('Исполнитель по умолчанию не найден или отключён');
    // Only the default sent changes.
    const one = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/default-assignees',
      headers: { cookie: admin.cookie },
      payload: { taskAssigneeId: staff.user.id },
    });
    expect(one.json()).toEqual({ ticketAssigneeId: other.user.id, taskAssigneeId: staff.user.id });
    expect((await newTicket()).assigneeId).toBe(other.user.id);
    expect((await newTicket({ assigneeId: null })).assigneeId).toBeNull();
    const denied = await call('PUT', '/api/settings/default-assignees', {
      ticketAssigneeId: null,
      taskAssigneeId: null,
    });
    expect(denied.statusCode).toBe(403);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/default-assignees',
      headers: { cookie: admin.cookie },
      payload: { ticketAssigneeId: null, taskAssigneeId: null },
    });
  });

  it('walks the whole pipeline with both guards, writing history at every step', async () => {
    let ticket = await newTicket();
    ticket = await forward(ticket); // delivery_requested

    const refused = await stepTicket(ticket, 'forward');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Выберите службу доставки');
    expect((await call('GET', `/api/tickets/${ticket.id}`)).json().ticket.status).toBe('delivery_requested');

    const early = await call('PATCH', `/api/tickets/${ticket.id}`, { returnProvider: 'ozon' });
    expect(early.statusCode).toBe(409);
    ticket = (await call('PATCH', `/api/tickets/${ticket.id}`, { deliveryProvider: 'cdek' })).json().ticket;
    expect(ticket.deliveryProvider).toBe('cdek');
    ticket = await forward(ticket); // at_pvz
    ticket = await forward(ticket); // in_repair
    ticket = await forward(ticket); // repair_done

    const refusedReturn = await stepTicket(ticket, 'forward');
    expect(refusedReturn.statusCode).toBe(400);
    expect(refusedReturn.json().error.message).toBe('Выберите службу доставки');
    ticket = (await call('PATCH', `/api/tickets/${ticket.id}`, { returnProvider: 'ozon' })).json().ticket;
    for (const expected of ['to_pvz', 'delivery_to_client', 'notify_client', 'closed']) {
      ticket = await forward(ticket);
      expect(ticket.status).toBe(expected);
    }
    expect(ticket.closedAt).toBe(ctx.clock.now().toISOString());
    const atEnd = await stepTicket(ticket, 'forward');
    expect(atEnd.statusCode).toBe(400);
    expect(atEnd.json().error.message).toBe('Заявка уже закрыта');

    const reopened = (
      await call('POST', `/api/tickets/${ticket.id}/reopen`, { reason: 'Клиент вернулся' })
    ).json().ticket as TicketDetailDto;
    expect(reopened).toMatchObject({ status: 'notify_client', closedAt: null });

    const steps = reopened.history.filter((h) => ['status_change', 'reopen'].includes(h.action));
    expect(steps.map((h) => h.newStatus)).toEqual([
      'notify_client',
      'closed',
      'notify_client',
      'delivery_to_client',
      'to_pvz',
      'repair_done',
      'in_repair',
      'at_pvz',
      'delivery_requested',
    ]);
    expect(steps[0]).toMatchObject({ oldValue: 'Закрыта', newValue: 'Оповестить клиента' });
    expect(reopened.history.filter((h) => h.action === 'set_provider')).toEqual([
      expect.objectContaining({ oldValue: 'Не выбрана', newValue: 'СДЭК', userName: staff.user.displayName }),
    ]);
    expect(reopened.history.filter((h) => h.action === 'set_return_provider')).toEqual([
      expect.objectContaining({ oldValue: 'Не выбрана', newValue: 'Озон' }),
    ]);
  });

  it('refuses a step from a stale screen with 409 and the fresh ticket', async () => {
    const ticket = await newTicket();
    const seenByBoth = { id: ticket.id, status: ticket.status };
    await stepTicket(seenByBoth, 'forward', other);
    const stale = await stepTicket(seenByBoth, 'forward');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('Заявка уже изменена другим сотрудником');
    expect(stale.json().ticket).toMatchObject({ id: ticket.id, status: 'delivery_requested' });
  });

  it('lets exactly one of two simultaneous steps through', async () => {
    const ticket = await newTicket();
    const results = await Promise.all([stepTicket(ticket, 'forward'), stepTicket(ticket, 'forward', other)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const fresh = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket as TicketDetailDto;
    expect(fresh.status).toBe('delivery_requested');
    expect(fresh.history.filter((h) => h.action === 'status_change')).toHaveLength(1);
  });

  it('offers a legacy status as a filter only while a live ticket has it', async () => {
    const legacy = async () => (await call('GET', '/api/tickets/legacy-statuses')).json().statuses;
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'new' })
      .where('status', '=', 'returned')
      .execute();
    expect(await legacy()).not.toContain('returned');
    const ticket = await newTicket();
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'returned' })
      .where('id', '=', ticket.id)
      .execute();
    expect(await legacy()).toContain('returned');
    await call('DELETE', `/api/tickets/${ticket.id}`);
    expect(await legacy()).not.toContain('returned');
  });

  it('steps from legacy statuses to the nearest pipeline status', async () => {
    const ticket = await newTicket();
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'picked_from_pvz' })
      .where('id', '=', ticket.id)
      .execute();
    const listed = (await call('GET', '/api/tickets?status=picked_from_pvz')).json().items;
    expect(listed.map((t: { id: number }) => t.id)).toContain(ticket.id);
    const moved = await stepTicket({ id: ticket.id, status: 'picked_from_pvz' }, 'forward');
    expect(moved.json().ticket.status).toBe('in_repair');
  });

  it('a legacy «Оформлена обратная доставка» without a return provider takes one there and moves on', async () => {
    const ticket = await newTicket();
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'return_delivery_requested', return_provider: null })
      .where('id', '=', ticket.id)
      .execute();
    const legacy = { id: ticket.id, status: 'return_delivery_requested' };
    const refused = await stepTicket(legacy, 'forward');
    expect([refused.statusCode, refused.json().error.message]).toEqual([400, 'Выберите службу доставки']);
    const chosen = await call('PATCH', `/api/tickets/${ticket.id}`, { returnProvider: 'wb' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const moved = await stepTicket(legacy, 'forward');
    expect(moved.json().ticket).toMatchObject({ status: 'to_pvz', returnProvider: 'wb' });
  });

  it('records edits of description, repair summary, due date and assignee, only when they change', async () => {
    const ticket = await newTicket();
    const edited = (
      await call('PATCH', `/api/tickets/${ticket.id}`, {
        description: 'Не включается, запах гари',
        repairSummary: 'Заменён конденсатор',
        dueDate: '2026-12-24',
        assigneeId: other.user.id,
      })
    ).json().ticket as TicketDetailDto;
    expect(edited).toMatchObject({
      description: 'Не включается, запах гари',
      repairSummary: 'Заменён конденсатор',
      dueDate: '2026-12-24',
      assigneeName: 'Мастеров Максим',
    });
    expect(
      edited.history
        .slice(0, 4)
        .map((h) => h.action)
        .sort(),
    ).toEqual(['assign', 'edit_description', 'edit_repair_summary', 'set_due_date']);
    const same = (
      await call('PATCH', `/api/tickets/${ticket.id}`, { description: 'Не включается, запах гари' })
    ).json().ticket as TicketDetailDto;
    expect(same.history).toHaveLength(edited.history.length);
    const cleared = (
      await call('PATCH', `/api/tickets/${ticket.id}`, { dueDate: '', assigneeId: null })
    ).json().ticket as TicketDetailDto;
    expect(cleared).toMatchObject({ dueDate: null, assigneeId: null, assigneeName: '' });
    expect(cleared.history.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'assign',
          oldValue: 'Мастеров Максим',
          newValue: 'Без исполнителя',
        }),
        expect.objectContaining({ action: 'set_due_date', oldValue: '24.12.2026', newValue: 'Без срока' }),
      ]),
    );
    expect(edited.history.find((h) => h.action === 'edit_description')).toMatchObject({
      oldValue: 'Не включается',
      newValue: 'Не включается, запах гари',
    });
  });

  it('searches by type, client name (Cyrillic, any case) and number, and filters by status', async () => {
    const ticket = await newTicket({
      title: 'Замена видеокарты',
      client: { mode: 'new', fullName: 'Ёлкина Алёна', phone: '' },
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/tickets?${query}`)).json().items.map((t: { id: number }) => t.id);
    expect(await ids(`q=${encodeURIComponent('ЕЛКИНА')}`)).toContain(ticket.id);
    expect(await ids(`q=${encodeURIComponent('видеокарт')}`)).toContain(ticket.id);
    expect(await ids(`q=${ticket.id}`)).toContain(ticket.id);
    expect(await ids(`q=${encodeURIComponent(`#${ticket.id}`)}`)).toContain(ticket.id);
    expect(await ids(`status=new&q=${encodeURIComponent('алёна')}`)).toEqual([ticket.id]);
    expect(await ids(`status=closed&q=${encodeURIComponent('алёна')}`)).toEqual([]);
    expect(await ids(`clientId=${ticket.clientId}`)).toEqual([ticket.id]);
    const bad = await call('GET', '/api/tickets?status=lost');
    expect(bad.statusCode).toBe(400);

    // Renaming the client keeps the ticket findable by the new name.
    await call('PATCH', `/api/clients/${ticket.clientId}`, { fullName: 'Сосновская Алёна' });
    expect(await ids(`q=${encodeURIComponent('сосновская')}`)).toContain(ticket.id);
  });

  it('keeps tickets linked to a client in the Корзина, and with the name when the client is gone for good', async () => {
    const ticket = await newTicket({
      client: { mode: 'new', fullName: 'Уходящий Ушаков', phone: '+7 900 111-22-33' },
    });
    expect((await call('DELETE', `/api/clients/${ticket.clientId}`)).statusCode).toBe(204);
    const linked = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket;
    expect(linked).toMatchObject({
      clientId: ticket.clientId,
      clientName: 'Уходящий Ушаков',
      clientPhone: '+7 900 111-22-33',
      clientInTrash: true,
    });
    const admin = await ctx.loginAs('admin');
    const purge = await call('DELETE', `/api/trash/client/${ticket.clientId}`, undefined, admin);
    expect(purge.statusCode).toBe(204);
    const after = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket;
    expect(after).toMatchObject({ clientId: null, clientName: 'Уходящий Ушаков', clientPhone: '' });
  });

  it('stores attachments and pickup-point photos with history; serves them only to signed-in users', async () => {
    let ticket = await newTicket();
    const image = await png();
    const attached = await upload(ticket.id, 'files', [
      { filename: 'акт приёмки.pdf', content: Buffer.from('%PDF-1.4 test'), type: 'application/pdf' },
      { filename: 'page.html', content: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
      { filename: 'фото.png', content: image, type: 'image/png' },
    ]);
    expect(attached.statusCode, attached.body).toBe(200);
    ticket = attached.json().ticket;
    expect(ticket.attachments.map((f) => [f.name, f.type, f.uploadedBy])).toEqual([
      ['акт приёмки.pdf', 'application/pdf', staff.user.displayName],
      ['page.html', 'application/octet-stream', staff.user.displayName],
      ['фото.png', 'image/png', staff.user.displayName],
    ]);
    expect(
      ticket.history
        .filter((h) => h.action === 'upload_file')
        .map((h) => h.note)
        .sort(),
    ).toEqual(['page.html', 'акт приёмки.pdf', 'фото.png']);

    const [pdf, html, photo] = ticket.attachments;
    const pdfResponse = await call('GET', pdf!.url);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    expect(pdfResponse.headers['content-disposition']).toContain('inline');
    const htmlResponse = await call('GET', html!.url);
    expect(htmlResponse.headers['content-type']).toBe('application/octet-stream');
    expect(htmlResponse.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(htmlResponse.headers['x-content-type-options']).toBe('nosniff');
    expect(htmlResponse.body).toBe('<script>alert(1)</script>');
    const thumb = await call('GET', photo!.thumbUrl!);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    for (const url of [pdf!.url, photo!.thumbUrl!]) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
    }

    // Photos only in «Прибыл в ПВЗ», and only real images.
    const tooEarly = await upload(ticket.id, 'pvz-photos', [
      { filename: 'p.png', content: image, type: 'image/png' },
    ]);
    expect(tooEarly.statusCode).toBe(409);
    ticket = await forward(ticket);
    ticket = (await call('PATCH', `/api/tickets/${ticket.id}`, { deliveryProvider: 'wb' })).json().ticket;
    ticket = await forward(ticket);
    const renamed = await upload(ticket.id, 'pvz-photos', [
      { filename: 'photo.jpg', content: Buffer.from('I am a text file'), type: 'image/jpeg' },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe('Файл «photo.jpg» — не изображение');
    const photos = await upload(ticket.id, 'pvz-photos', [
      { filename: 'pvz-1.png', content: image, type: 'image/png' },
      { filename: 'pvz-2.png', content: image, type: 'image/png' },
    ]);
    ticket = photos.json().ticket;
    expect(ticket.pvzPhotos.map((p) => p.name)).toEqual(['pvz-1.png', 'pvz-2.png']);
    expect(ticket.pvzPhotos.every((p) => p.thumbUrl)).toBe(true);
    expect(ticket.history.filter((h) => h.action === 'upload_pvz_photo')).toHaveLength(2);

    // Once the ticket moves on, the photos stay (the case's evidence) and cannot be removed.
    ticket = await forward(ticket);
    expect(ticket.status).toBe('in_repair');
    expect(ticket.pvzPhotos.map((p) => p.name)).toEqual(['pvz-1.png', 'pvz-2.png']);
    const removed = await call('DELETE', `/api/tickets/${ticket.id}/files/${ticket.pvzPhotos[0]!.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe('Фото из ПВЗ удаляют в статусе «Прибыл в ПВЗ»');
    const after = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket as TicketDetailDto;
    expect(after.pvzPhotos).toHaveLength(2);
    expect((await call('GET', after.pvzPhotos[0]!.url)).statusCode).toBe(200);
  });

  it('refuses a file over the size limit and keeps neither file nor row', async () => {
    const ticket = await newTicket();
    const filesDir = path.join(ctx.dataDir, 'files', 'tickets', String(ticket.id));
    const response = await upload(ticket.id, 'files', [
      { filename: 'small.txt', content: Buffer.from('ok') },
      { filename: 'огромный.bin', content: Buffer.alloc(2 * 1_048_576 + 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('Файл «огромный.bin» больше 2 МБ');
    const after = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket as TicketDetailDto;
    expect(after.attachments).toEqual([]);
    expect(after.history.some((h) => h.action === 'upload_file')).toBe(false);
    expect(fs.existsSync(filesDir)).toBe(false);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('deletes one file; the ticket goes to the Корзина with its files, and for good only from there', async () => {
    let ticket = await newTicket();
    ticket = (
      await upload(ticket.id, 'files', [
        { filename: 'a.png', content: await png() },
        { filename: 'b.txt', content: Buffer.from('b') },
      ])
    ).json().ticket;
    const folder = path.join(ctx.dataDir, 'files', 'tickets', String(ticket.id));
    expect(fs.readdirSync(path.join(folder, 'files')).length).toBe(3); // two files + thumbs folder
    const [first] = ticket.attachments;
    ticket = (await call('DELETE', `/api/tickets/${ticket.id}/files/${first!.id}`)).json().ticket;
    expect(ticket.attachments.map((f) => f.name)).toEqual(['b.txt']);
    expect(ticket.history[0]).toMatchObject({ action: 'delete_file', note: 'a.png' });
    expect((await call('GET', first!.url)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(folder)).toBe(true);
    const trashed = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>()
      .ticket;
    expect(trashed).toMatchObject({ deletedAt: expect.any(String), deletedByName: staff.user.displayName });
    expect(trashed.history[0]).toMatchObject({ action: 'trash', userName: staff.user.displayName });

    const byStaff = await call('DELETE', `/api/trash/ticket/${ticket.id}`);
    expect(byStaff.statusCode).toBe(403);
    const admin = await ctx.loginAs('admin');
    expect((await call('DELETE', `/api/trash/ticket/${ticket.id}`, undefined, admin)).statusCode).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
    const gone = await call('GET', `/api/tickets/${ticket.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Заявка не найдена');
    const historyLeft = await ctx.database.db
      .selectFrom('history')
      .select('id')
      .where('item_kind', '=', 'ticket')
      .where('item_id', '=', ticket.id)
      .execute();
    expect(historyLeft).toEqual([]);
  });

  it('answers 401 signed out and 404 for unknown tickets', async () => {
    const ticket = await newTicket();
    for (const [method, url] of [
      ['GET', '/api/tickets'],
      ['GET', `/api/tickets/${ticket.id}`],
      ['POST', `/api/tickets/${ticket.id}/step`],
      ['PATCH', `/api/tickets/${ticket.id}`],
      ['DELETE', `/api/tickets/${ticket.id}`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { 'x-requested-with': 'fetch' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const url of ['/api/tickets/999999', '/api/tickets/abc']) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Заявка не найдена');
    }
    expect((await call('PATCH', '/api/tickets/999999', { description: 'x' })).statusCode).toBe(404);
    expect((await stepTicket({ id: 999999, status: 'new' }, 'forward')).statusCode).toBe(404);
  });
});
