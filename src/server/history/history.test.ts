import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { ClientDetailDto } from '../../domain/client-schemas';
import type { Page } from '../../domain/page';
import type { HistoryEntryDto } from '../../domain/history';
import type { TaskDetailDto } from '../../domain/task-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { multipart } from '../test/multipart';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

const MINUTE_MS = 60_000;

/** The parts of a row a person reads: what, from what to what, by whom. */
const shown = (h: HistoryEntryDto) => ({
  action: h.action,
  oldValue: h.oldValue,
  newValue: h.newValue,
  note: h.note,
  userName: h.userName,
});

describeEachDatabase('history of tickets, tasks and clients', (ctx) => {
  let staff: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
    other = await ctx.register({ displayName: 'Мастеров Максим' });
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
  const newClient = async (fullName: string) =>
    (await call('POST', '/api/clients', { fullName })).json<{ client: ClientDetailDto }>().client;
  const getTask = async (id: number) =>
    (await call('GET', `/api/tasks/${id}`)).json<{ task: TaskDetailDto }>().task;

  it('a task keeps every change with the value before and after, photos that open, Корзина and back', async () => {
    const first = await newClient('Первый Пётр');
    const second = await newClient('Второй Василий');
    const created = await call('POST', '/api/tasks', { title: 'Забрать ноутбук', clientId: first.id });
    const task = created.json<{ task: TaskDetailDto }>().task;
    expect(task.history.map(shown)).toEqual([
      expect.objectContaining({ action: 'set_client', oldValue: null, newValue: 'Первый Пётр' }),
      expect.objectContaining({ action: 'create', note: 'Забрать ноутбук', userName: 'Иванов Иван' }),
    ]);

    await call('PATCH', `/api/tasks/${task.id}`, {
      title: 'Забрать ноутбук у клиента',
      dueDate: '2026-12-05',
      status: 'in_progress',
      assigneeId: other.user.id,
      clientId: second.id,
      deliveryProvider: 'cdek',
    });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#26a' } })
      .png()
      .toBuffer();
    const body = multipart([{ filename: 'чек.png', content: png }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/photos`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
    const photo = uploaded.json<{ task: TaskDetailDto }>().task.photos[0]!;
    let fresh = await getTask(task.id);
    expect(fresh.history[0]).toMatchObject({
      action: 'upload_photo',
      note: 'чек.png',
      file: { id: photo.id, url: photo.url, name: 'чек.png', type: 'image/png' },
    });
    expect((await call('GET', fresh.history[0]!.file!.url)).statusCode).toBe(200);
    expect(fresh.history.slice(1, 7).map(shown)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'set_title',
          oldValue: 'Забрать ноутбук',
          newValue: 'Забрать ноутбук у клиента',
        }),
        expect.objectContaining({ action: 'set_due_date', oldValue: 'Без срока', newValue: '05.12.2026' }),
        expect.objectContaining({ action: 'status_change', oldValue: 'Новая', newValue: 'В работе' }),
        expect.objectContaining({ action: 'assign', newValue: 'Мастеров Максим' }),
        expect.objectContaining({
          action: 'set_client',
          oldValue: 'Первый Пётр',
          newValue: 'Второй Василий',
        }),
        expect.objectContaining({ action: 'set_provider', oldValue: 'Не выбрана', newValue: 'СДЭК' }),
      ]),
    );

    await call('DELETE', `/api/tasks/${task.id}/photos/${photo.id}`);
    await call('DELETE', `/api/tasks/${task.id}`);
    await call('POST', `/api/trash/task/${task.id}/restore`, undefined, other);
    fresh = await getTask(task.id);
    expect(fresh.history.slice(0, 3).map(shown)).toEqual([
      expect.objectContaining({ action: 'restore', userName: 'Мастеров Максим' }),
      expect.objectContaining({ action: 'trash', userName: 'Иванов Иван' }),
      expect.objectContaining({ action: 'delete_photo', note: 'чек.png' }),
    ]);
    // The photo is gone, so its rows no longer open it.
    expect(fresh.history.filter((h) => h.file !== null)).toEqual([]);
  });

  it('a client keeps its creation and every field change with the old and the new value', async () => {
    const client = await newClient('Клиентов Карл');
    await call('PATCH', `/api/clients/${client.id}`, { phone: '+7 912 000-00-01', address: 'Тверь' });
    await call('PATCH', `/api/clients/${client.id}`, { fullName: 'Клиентов Карл Петрович' }, other);
    const fresh = (await call('GET', `/api/clients/${client.id}`)).json<{ client: ClientDetailDto }>().client;
    expect(fresh.history.map(shown)).toEqual([
      {
        action: 'edit_full_name',
        oldValue: 'Клиентов Карл',
        newValue: 'Клиентов Карл Петрович',
        note: '',
        userName: 'Мастеров Максим',
      },
      expect.objectContaining({ action: 'edit_address', oldValue: '', newValue: 'Тверь' }),
      expect.objectContaining({ action: 'edit_phone', oldValue: '', newValue: '+7 912 000-00-01' }),
      expect.objectContaining({ action: 'create', note: 'Клиентов Карл', userName: 'Иванов Иван' }),
    ]);
  });

  it('autosaves of one field by one person within 10 minutes read as one change; typed back, it goes', async () => {
    const client = await newClient('Печатников Пётр');
    const save = (comment: string, who = staff) =>
      call('PATCH', `/api/clients/${client.id}`, { comment }, who);
    const comments = async () =>
      (await call('GET', `/api/clients/${client.id}`))
        .json<{ client: ClientDetailDto }>()
        .client.history.filter((h) => h.action === 'edit_comment')
        .map((h) => [h.oldValue, h.newValue, h.userName]);

    await save('Звонить');
    ctx.clock.advance(MINUTE_MS);
    await save('Звонить после');
    ctx.clock.advance(MINUTE_MS);
    await save('Звонить после обеда');
    expect(await comments()).toEqual([['', 'Звонить после обеда', 'Иванов Иван']]);

    ctx.clock.advance(11 * MINUTE_MS);
    await save('Звонить после обеда, не раньше');
    expect(await comments()).toEqual([
      ['Звонить после обеда', 'Звонить после обеда, не раньше', 'Иванов Иван'],
      ['', 'Звонить после обеда', 'Иванов Иван'],
    ]);

    await save('Звонить вечером', other);
    expect((await comments())[0]).toEqual([
      'Звонить после обеда, не раньше',
      'Звонить вечером',
      'Мастеров Максим',
    ]);
    ctx.clock.advance(MINUTE_MS);
    await save('Звонить после обеда, не раньше', other);
    expect(await comments()).toHaveLength(2);
  });

  it('a long history comes a page at a time, newest first', async () => {
    const client = await newClient('Историков Илья');
    for (let i = 1; i <= 44; i++) {
      // Another person in between: no merging, one row per save.
      await call('PATCH', `/api/clients/${client.id}`, { address: `Дом ${i}` }, i % 2 ? staff : other);
    }
    const card = (await call('GET', `/api/clients/${client.id}`)).json<{ client: ClientDetailDto }>().client;
    expect(card.history).toHaveLength(20);
    expect(card.historyMore).toBe(true);
    expect(card.history[0]?.newValue).toBe('Дом 44');

    const pages: HistoryEntryDto[] = [...card.history];
    let cursor: string | null = String(card.history[19]!.id);
    while (cursor) {
      const page: Page<HistoryEntryDto> = (
        await call('GET', `/api/clients/${client.id}/history?before=${cursor}`)
      ).json();
      pages.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(pages).toHaveLength(45);
    expect(pages.map((h) => h.id)).toEqual([...pages.map((h) => h.id)].sort((a, b) => b - a));
    expect(pages.at(-1)?.action).toBe('create');

    for (const before of ['abc', '0', '-5', '1.5', '3000000000', '99999999999999999999']) {
      const bad = await call('GET', `/api/clients/${client.id}/history?before=${before}`);
      expect([bad.statusCode, bad.json().error.message], before).toEqual([
        400,
        'Некорректная позиция списка, обновите страницу',
      ]);
    }
    expect((await call('GET', '/api/tasks/987654/history')).statusCode).toBe(404);
  });

  it('a ticket’s type and client can be corrected after intake, with history', async () => {
    const right = await newClient('Верный Виктор');
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Ошибочный Олег', phone: '' },
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    const fixed = (
      await call('PATCH', `/api/tickets/${ticket.id}`, { title: 'Замена видеокарты', clientId: right.id })
    ).json<{ ticket: TicketDetailDto }>().ticket;
    expect(fixed).toMatchObject({
      title: 'Замена видеокарты',
      clientId: right.id,
      clientName: 'Верный Виктор',
    });
    expect(fixed.history.slice(0, 2).map(shown)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'set_type',
          oldValue: 'Замена SSD',
          newValue: 'Замена видеокарты',
        }),
        expect.objectContaining({
          action: 'set_client',
          oldValue: 'Ошибочный Олег',
          newValue: 'Верный Виктор',
        }),
      ]),
    );
    const bad = await call('PATCH', `/api/tickets/${ticket.id}`, { title: 'Ремонт чайника' });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'Выберите тип заявки']);
    const gone = await call('PATCH', `/api/tickets/${ticket.id}`, { clientId: 987654 });
    expect([gone.statusCode, gone.json().error.message]).toEqual([400, 'Клиент не найден, выберите другого']);
  });
});
