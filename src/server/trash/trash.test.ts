import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../domain/page';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { TrashItemDto } from '../../domain/trash';
import type { WorkItemDto } from '../../domain/worklist-query';
import { multipart } from '../test/multipart';
import { deleteFromTrash } from './trash-marks';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

const DAY_MS = 86_400_000;

describeEachDatabase('the Корзина', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
  const newTicket = async (fullName = 'Корзинов Кирилл', phone = '+7 912 777-00-11') => {
    const response = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName, phone },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };
  const uploadFile = async (ticketId: number) => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a62' } })
      .png()
      .toBuffer();
    const body = multipart([{ filename: 'доказательство.png', content: png }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/files`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  // Moving the clock by weeks ends sessions (SESSION_IDLE_HOURS): sign in again.
  const signInAgain = async () => {
    staff = await ctx.signIn(staff.user.email);
    admin = await ctx.signIn(admin.user.email);
  };
  const workIds = async (query = 'states=new,in_progress,closed') =>
    (await call('GET', `/api/work?${query}&limit=100`)).json<Page<WorkItemDto>>().items.map((i) => i.id);
  const trashItems = async () => (await call('GET', '/api/trash')).json<Page<TrashItemDto>>().items;

  it('a deleted ticket leaves every list and search but keeps its files; its page says so; restoring brings it back', async () => {
    const ticket = await newTicket();
    await uploadFile(ticket.id);
    const folder = path.join(ctx.dataDir, 'files', 'tickets', String(ticket.id));
    expect(await workIds()).toContain(ticket.id);

    ctx.clock.advance(1000);
    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect(await workIds()).not.toContain(ticket.id);
    expect(await workIds(`states=new,in_progress,closed&q=${ticket.id}`)).toEqual([]);
    expect(await workIds('states=new,in_progress,closed&q=79127770011')).toEqual([]);
    const listed = (await call('GET', `/api/tickets?q=${encodeURIComponent('корзинов')}`)).json();
    expect(listed.items).toEqual([]);
    expect(fs.readdirSync(path.join(folder, 'files')).length).toBeGreaterThan(0);

    const page = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(page).toMatchObject({ deletedAt: ctx.clock.now().toISOString(), deletedByName: 'Иванов Иван' });
    expect(page.attachments).toHaveLength(1);
    expect(await trashItems()).toContainEqual({
      kind: 'ticket',
      id: ticket.id,
      title: 'Гарантийный ремонт',
      detail: 'Корзинов Кирилл',
      deletedAt: ctx.clock.now().toISOString(),
      deletedByName: 'Иванов Иван',
    });

    // A second delete (another tab) changes nothing and writes no second row.
    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);

    expect((await call('POST', `/api/trash/ticket/${ticket.id}/restore`)).statusCode).toBe(204);
    expect(await workIds()).toContain(ticket.id);
    const back = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(back).toMatchObject({ deletedAt: null, deletedByName: '' });
    expect(back.history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'restore', userName: 'Иванов Иван' }),
      expect.objectContaining({ action: 'trash', userName: 'Иванов Иван' }),
    ]);
    expect((await trashItems()).map((i) => i.id)).not.toContain(ticket.id);
  });

  it('a ticket in the Корзина cannot be edited, stepped or given files until restored', async () => {
    const ticket = await newTicket();
    await call('DELETE', `/api/tickets/${ticket.id}`);
    const message = 'Заявка в корзине. Восстановите её, чтобы изменить';
    const edit = await call('PATCH', `/api/tickets/${ticket.id}`, { description: 'Позже' });
    expect([edit.statusCode, edit.json().error.message]).toEqual([409, message]);
    const step = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'new',
    });
    expect([step.statusCode, step.json().error.message]).toEqual([409, message]);
    const body = multipart([{ filename: 'a.txt', content: Buffer.from('a') }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/files`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
    expect([upload.statusCode, upload.json().error.message]).toEqual([409, message]);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('deleting a client keeps its tickets linked and says how many first; a client in the Корзина cannot be chosen', async () => {
    const ticket = await newTicket('Связанный Семён', '+7 900 123-45-67');
    const clientId = ticket.clientId!;
    const task = await call('POST', '/api/tasks', { title: 'Позвонить', clientId });
    expect(task.statusCode).toBe(201);
    expect((await call('GET', `/api/clients/${clientId}/links`)).json()).toEqual({ tickets: 1, tasks: 1 });

    expect((await call('DELETE', `/api/clients/${clientId}`)).statusCode).toBe(204);
    const linked = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket;
    expect(linked).toMatchObject({ clientId, clientName: 'Связанный Семён', clientInTrash: true });
    // Still found by the client's phone: the ticket is live, only the directory entry is away.
    expect(await workIds('q=79001234567')).toContain(ticket.id);

    const other = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'existing', clientId },
    });
    expect([other.statusCode, other.json().error.message]).toEqual([
      400,
      'Клиент не найден, выберите другого',
    ]);
  });

  it('only admins delete for good, only from the Корзина; emptying it removes files', async () => {
    const live = await newTicket();
    const notInTrash = await call('DELETE', `/api/trash/ticket/${live.id}`, undefined, admin);
    expect([notInTrash.statusCode, notInTrash.json().error.message]).toEqual([
      409,
      'Удалить навсегда можно только из корзины',
    ]);

    const doomed = await newTicket();
    await uploadFile(doomed.id);
    await call('DELETE', `/api/tickets/${doomed.id}`);
    expect((await call('DELETE', '/api/trash')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/trash/ticket/${doomed.id}`)).statusCode).toBe(403);

    const emptied = await call('DELETE', '/api/trash', undefined, admin);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().deleted).toBeGreaterThanOrEqual(1);
    expect(await trashItems()).toEqual([]);
    expect((await call('GET', `/api/tickets/${doomed.id}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'tickets', String(doomed.id)))).toBe(false);
    expect((await call('GET', `/api/tickets/${live.id}`)).statusCode).toBe(200);
  });

  it('the purge deletes for good only what has been in the Корзина longer than TRASH_DAYS (30)', async () => {
    const old = await newTicket();
    await uploadFile(old.id);
    await call('DELETE', `/api/tickets/${old.id}`);
    ctx.clock.advance(20 * DAY_MS);
    await signInAgain();
    const recent = await newTicket();
    await call('DELETE', `/api/tickets/${recent.id}`);
    ctx.clock.advance(10 * DAY_MS + 1000);
    await signInAgain();

    expect(await ctx.app.trash.purgeExpired()).toBe(1);
    expect((await call('GET', `/api/tickets/${old.id}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'tickets', String(old.id)))).toBe(false);
    expect((await call('GET', `/api/tickets/${recent.id}`)).json().ticket.deletedAt).not.toBeNull();
    expect(await ctx.app.trash.purgeExpired()).toBe(0);
  });

  it('a purge that reaches a record restored (or deleted again) a moment before leaves it whole', async () => {
    const ticket = await newTicket();
    await call('DELETE', `/api/tickets/${ticket.id}`);
    const deletedAt = ctx.clock.now().toISOString();
    await call('POST', `/api/trash/ticket/${ticket.id}/restore`);
    const { db } = ctx.database;
    expect(await db.transaction().execute((trx) => deleteFromTrash(trx, 'ticket', ticket.id))).toBe(false);

    await call('DELETE', `/api/tickets/${ticket.id}`);
    // The purge's cutoff was taken before this deletion.
    expect(
      await db.transaction().execute((trx) => deleteFromTrash(trx, 'ticket', ticket.id, deletedAt)),
    ).toBe(false);
    const kept = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(kept.history.map((h) => h.action).slice(0, 3)).toEqual(['trash', 'restore', 'trash']);
    expect(await db.transaction().execute((trx) => deleteFromTrash(trx, 'ticket', ticket.id))).toBe(true);
    expect((await call('GET', `/api/tickets/${ticket.id}`)).statusCode).toBe(404);
  });

  it('two people deleting (or restoring) at once: one takes effect, one history row', async () => {
    const ticket = await newTicket();
    const deletes = await Promise.all([
      call('DELETE', `/api/tickets/${ticket.id}`),
      call('DELETE', `/api/tickets/${ticket.id}`, undefined, admin),
    ]);
    expect(deletes.map((r) => r.statusCode)).toEqual([204, 204]);
    const restores = await Promise.all([
      call('POST', `/api/trash/ticket/${ticket.id}/restore`),
      call('POST', `/api/trash/ticket/${ticket.id}/restore`, undefined, admin),
    ]);
    expect(restores.map((r) => r.statusCode)).toEqual([204, 204]);
    const fresh = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(fresh.history.map((h) => h.action)).toEqual(['restore', 'trash', 'create']);
    expect(fresh.deletedAt).toBeNull();
  });

  it('lists tickets, tasks and clients together, newest deletion first, a page at a time', async () => {
    await call('DELETE', '/api/trash', undefined, admin);
    const made: { kind: string; id: number }[] = [];
    for (let i = 0; i < 53; i++) {
      ctx.clock.advance(1000);
      const kind = (['ticket', 'task', 'client'] as const)[i % 3]!;
      const created =
        kind === 'ticket'
          ? (await newTicket(`Пакетов ${i}`, '')).id
          : kind === 'task'
            ? (await call('POST', '/api/tasks', { title: `Задача ${i}` })).json().task.id
            : (await call('POST', '/api/clients', { fullName: `Клиентов ${i}` })).json().client.id;
      await call(
        'DELETE',
        `/api/${kind === 'ticket' ? 'tickets' : kind === 'task' ? 'tasks' : 'clients'}/${created}`,
      );
      made.push({ kind, id: created });
    }
    // The tickets' new clients are live; two deletions at one moment still page correctly.
    const first = (await call('GET', '/api/trash')).json<Page<TrashItemDto>>();
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = (await call('GET', `/api/trash?cursor=${first.nextCursor}`)).json<Page<TrashItemDto>>();
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((i) => ({ kind: i.kind, id: i.id }));
    expect(seen).toEqual([...made].reverse());
    expect((await call('GET', '/api/trash?cursor=abc')).statusCode).toBe(400);
  });
});
