import { expect, it } from 'vitest';
import type { ClientDto } from '../../domain/client-schemas';
import type { Page } from '../../domain/page';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

describeEachDatabase('clients API', (ctx) => {
  let staff: SignedIn;
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: staff.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
    });
  const create = async (fields: Partial<ClientDto>) => {
    const response = await call('POST', '/api/clients', fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ client: ClientDto }>().client;
  };
  const search = async (q: string) =>
    (await call('GET', `/api/clients?q=${encodeURIComponent(q)}`)).json<Page<ClientDto>>().items;

  it('creates a client with every field, trimmed, and drops unknown fields', async () => {
    staff = await ctx.loginAs('employee');
    const response = await call('POST', '/api/clients', {
      fullName: '  Фёдоров Пётр Семёнович ',
      phone: '+7 (912) 345-67-89',
      warranty: 'ГТ-0042',
      address: 'г. Пермь, ул. Ленина, 1',
      comment: 'Звонить после 18:00',
      whatsappUrl: 'javascript:alert(1)',
      createdAt: '1999-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const client = response.json<{ client: ClientDto }>().client;
    expect(client).toMatchObject({
      fullName: 'Фёдоров Пётр Семёнович',
      phone: '+7 (912) 345-67-89',
      warranty: 'ГТ-0042',
      address: 'г. Пермь, ул. Ленина, 1',
      comment: 'Звонить после 18:00',
      whatsappUrl: null,
      createdAt: ctx.clock.now().toISOString(),
    });
    const fetched = await call('GET', `/api/clients/${client.id}`);
    expect(fetched.json().client).toEqual(client);
  });

  it('answers bad input with 400 and a Russian message', async () => {
    const cases: [object, string][] = [
      [{ fullName: '   ' }, 'Введите ФИО'],
      [{}, 'Введите ФИО'],
      [{ fullName: 'А'.repeat(201) }, 'ФИО не длиннее 200 символов'],
      [{ fullName: 'Иван', phone: '1'.repeat(51) }, 'Телефон не длиннее 50 символов'],
      [{ fullName: 'Иван', comment: 'x'.repeat(5001) }, 'Комментарий: не длиннее 5000 символов'],
      [{ fullName: 'Иван', address: 42 }, 'Адрес: ожидается текст'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/clients', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('finds by name in any case with ё = е, and by phone in any formatting', async () => {
    const fedorov = await create({ fullName: 'Фёдоров Пётр Семёнович', phone: '+7 (912) 345-67-89' });
    const other = await create({ fullName: 'Смирнова Анна', phone: '8 (343) 111-22-33' });
    const ids = (clients: ClientDto[]) => clients.map((c) => c.id);

    for (const q of ['фёдоров', 'ФЕДОРОВ', 'петр семенович', 'ФЁДОРОВ ПЁТР']) {
      expect(ids(await search(q)), q).toContain(fedorov.id);
      expect(ids(await search(q)), q).not.toContain(other.id);
    }
    for (const q of ['9123456789', '89123456789', '79123456789', '+7 912 345 67 89', '345-67', '8912']) {
      expect(ids(await search(q)), q).toContain(fedorov.id);
      expect(ids(await search(q)), q).not.toContain(other.id);
    }
    expect(ids(await search('3431112233'))).toContain(other.id);
    expect(await search('нет такого')).toEqual([]);
    // % and _ are literal characters, not wildcards.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('lists newest first in pages that follow on without gaps or repeats', async () => {
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      if (i % 3 === 0) ctx.clock.advance(1000); // some share a timestamp: ids break the tie
      created.push((await create({ fullName: `Постраничный ${i}` })).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/clients?q=${encodeURIComponent('постраничный')}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: Page<ClientDto> = (await call('GET', url)).json();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());

    const bad = await call('GET', '/api/clients?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Некорректная позиция списка, обновите страницу');
  });

  it('updates only the fields sent, so concurrent edits of different fields both survive', async () => {
    const client = await create({ fullName: 'Правкин Олег', phone: '9000000000', comment: 'старый' });
    ctx.clock.advance(5000);
    const [a, b] = await Promise.all([
      call('PATCH', `/api/clients/${client.id}`, { phone: '+7 900 111-11-11' }),
      call('PATCH', `/api/clients/${client.id}`, { comment: 'новый', unknownField: 'dropped' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const after = (await call('GET', `/api/clients/${client.id}`)).json<{ client: ClientDto }>().client;
    expect(after).toMatchObject({ fullName: 'Правкин Олег', phone: '+7 900 111-11-11', comment: 'новый' });
    expect(after.updatedAt > client.updatedAt).toBe(true);
    expect(await search('9001111111')).toEqual([expect.objectContaining({ id: client.id })]);

    const renamed = await call('PATCH', `/api/clients/${client.id}`, { fullName: 'Олегов Правка' });
    expect(renamed.json().client.fullName).toBe('Олегов Правка');
    expect((await search('олегов')).map((c) => c.id)).toContain(client.id);

    const emptyName = await call('PATCH', `/api/clients/${client.id}`, { fullName: '' });
    expect(emptyName.statusCode).toBe(400);
    expect(emptyName.json().error.message).toBe('Введите ФИО');
  });

  it('deletes a client to the Корзина: out of lists, not editable, restorable; for good it is 404', async () => {
    const client = await create({ fullName: 'Удаляев Денис', phone: '8 (912) 444-55-66' });
    expect((await call('DELETE', `/api/clients/${client.id}`)).statusCode).toBe(204);
    const listed = (await call('GET', `/api/clients?q=${encodeURIComponent('удаляев')}`)).json();
    expect(listed.items).toEqual([]);
    expect((await call('GET', '/api/clients/same-phone?phone=79124445566')).json().clients).toEqual([]);
    const trashed = (await call('GET', `/api/clients/${client.id}`)).json().client;
    expect(trashed).toMatchObject({ deletedAt: expect.any(String) });
    expect(trashed.history[0]).toMatchObject({ action: 'trash' });
    const edit = await call('PATCH', `/api/clients/${client.id}`, { comment: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('Клиент в корзине. Восстановите его, чтобы изменить');
    expect((await call('POST', `/api/trash/client/${client.id}/restore`)).statusCode).toBe(204);
    const back = (await call('GET', `/api/clients?q=${encodeURIComponent('удаляев')}`)).json();
    expect(back.items.map((c: ClientDto) => c.id)).toEqual([client.id]);
    expect((await call('GET', `/api/clients/${client.id}`)).json().client.history[0]).toMatchObject({
      action: 'restore',
    });

    expect((await call('DELETE', `/api/clients/${client.id}`)).statusCode).toBe(204);
    await ctx.app.trash.deleteForever('client', client.id);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        method,
        `/api/clients/${client.id}`,
        method === 'PATCH' ? { comment: 'x' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Клиент не найден');
    }
    expect((await call('GET', '/api/clients/abc')).statusCode).toBe(404);
  });

  it('finds a client already in the directory by phone, however it was typed', async () => {
    const client = await create({ fullName: 'Двойников Дмитрий', phone: '8 (913) 222-33-44' });
    for (const typed of ['+7 913 222 33 44', '79132223344', '9132223344', '8-913-222-33-44']) {
      const found = (await call('GET', `/api/clients/same-phone?phone=${encodeURIComponent(typed)}`)).json();
      expect(
        found.clients.map((c: ClientDto) => c.id),
        typed,
      ).toEqual([client.id]);
    }
    const none = await call('GET', '/api/clients/same-phone?phone=913');
    expect(none.json().clients).toEqual([]);
  });

  it('answers 401 to signed-out requests', async () => {
    const client = await create({ fullName: 'Закрытов Захар' });
    const requests = [
      ctx.app.inject({ method: 'GET', url: '/api/clients' }),
      ctx.app.inject({ method: 'GET', url: `/api/clients/${client.id}` }),
      ctx.app.inject({ method: 'POST', url: '/api/clients', payload: { fullName: 'Х' } }),
      ctx.app.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { comment: 'Х' } }),
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/clients/${client.id}`,
        headers: { 'x-requested-with': 'fetch' },
      }),
    ];
    for (const response of await Promise.all(requests)) expect(response.statusCode).toBe(401);
    expect((await call('GET', `/api/clients/${client.id}`)).json().client.comment).toBe('');
  });
});
