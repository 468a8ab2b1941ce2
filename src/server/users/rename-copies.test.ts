import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

describeEachDatabase('a renamed person', (ctx) => {
  let worker: SignedIn;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: worker.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload } : {}),
    });
  const workTitles = async (q: string) =>
    (await call('GET', `/api/work?q=${encodeURIComponent(q)}`))
      .json<{ items: { title: string; assigneeName: string }[] }>()
      .items.map((i) => `${i.title} / ${i.assigneeName}`);

  beforeAll(async () => {
    worker = await ctx.loginAs('employee');
    await call('PUT', '/api/me/profile', { displayName: 'Старикова Ольга', phone: '' });
  });

  it('shows the new name on tickets, tasks, history and files, and search finds the new name only', async () => {
    const me = worker.user.id;
    const ticket = (
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: 'Клиентов Кирилл' },
        assigneeId: me,
      })
    ).json().ticket;
    await call('POST', '/api/tasks', { title: 'Переименование', assigneeId: me });
    expect(await workTitles('Старикова')).toEqual(
      expect.arrayContaining(['Замена SSD / Старикова Ольга', 'Переименование / Старикова Ольга']),
    );

    const renamed = await call('PUT', '/api/me/profile', { displayName: 'Новикова Ольга', phone: '' });
    expect(renamed.statusCode).toBe(200);

    expect(await workTitles('Старикова')).toEqual([]);
    expect(await workTitles('новикова')).toEqual(
      expect.arrayContaining(['Замена SSD / Новикова Ольга', 'Переименование / Новикова Ольга']),
    );
    const fresh = (await call('GET', `/api/tickets/${ticket.id}`)).json().ticket;
    expect(fresh).toMatchObject({ assigneeName: 'Новикова Ольга', createdByName: 'Новикова Ольга' });
    expect(fresh.history.map((h: { userName: string }) => h.userName)).toEqual(
      fresh.history.map(() => 'Новикова Ольга'),
    );
  });
});
