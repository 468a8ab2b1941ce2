import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../domain/page';
import type { WorkItemDto } from '../../domain/worklist-query';
import { insertItems } from '../test/insert-items';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

describeEachDatabase('worklist API', (ctx) => {
  let staff: SignedIn;
  let worker: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
    worker = await ctx.register({ displayName: 'Ремонтов Роман' });
    const client = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: { cookie: staff.cookie },
        payload: { fullName: 'Фёдорова Юлия', phone: '+7 (912) 345-67-89' },
      })
    ).json().client;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
    const rows = [
      ['toPvz', { kind: 'ticket', status: 'to_pvz', title: 'Гарантийный ремонт', createdAt: at(5) }],
      [
        'atPvz',
        {
          kind: 'ticket',
          status: 'at_pvz',
          title: 'Замена SSD',
          createdAt: at(1),
          clientId: client.id,
          clientName: 'Фёдорова Юлия',
        },
      ],
      [
        'pickup',
        {
          kind: 'task',
          status: 'todo',
          title: 'Забрать плату у клиента',
          createdAt: at(2),
          assigneeId: worker.user.id,
          assigneeName: 'Ремонтов Роман',
        },
      ],
      [
        'repair',
        {
          kind: 'ticket',
          status: 'in_repair',
          title: 'Замена видеокарты',
          createdAt: at(3),
          dueDate: '2026-11-20',
        },
      ],
      ['legacy', { kind: 'ticket', status: 'returned', title: 'Гарантийный ремонт', createdAt: at(4) }],
      ['fresh', { kind: 'ticket', status: 'new', title: 'Гарантийный ремонт', createdAt: at(6) }],
      [
        'call',
        {
          kind: 'task',
          status: 'in_progress',
          title: 'Позвонить поставщику',
          createdAt: at(0),
          assigneeId: worker.user.id,
          assigneeName: 'Ремонтов Роман',
        },
      ],
      [
        'closedTask',
        { kind: 'task', status: 'done', title: 'Забрать коробку', createdAt: at(0), closedAt: at(30) },
      ],
      [
        'closedTicket',
        { kind: 'ticket', status: 'closed', title: 'Замена SSD', createdAt: at(0), closedAt: at(40) },
      ],
    ] as const;
    const created = await insertItems(
      ctx.database.db,
      rows.map(([, item]) => ({ dueDate: null, closedAt: null, ...item })),
    );
    rows.forEach(([name], i) => (ids[name] = created[i]!));
  });

  const work = async (query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/work${query}`,
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<WorkItemDto>>().items;
  };
  const names = (items: WorkItemDto[]) =>
    items.map(
      (item) => Object.keys(ids).find((name) => ids[name] === item.id && item.kind === kindOf(name)) ?? '?',
    );
  const kindOf = (name: string) => (['pickup', 'call', 'closedTask'].includes(name) ? 'task' : 'ticket');

  it('shows open items in the spec’s order by default, with highlights', async () => {
    const items = await work();
    expect(names(items)).toEqual(['toPvz', 'atPvz', 'pickup', 'repair', 'legacy', 'fresh', 'call']);
    expect(items.map((i) => i.highlight)).toEqual(['urgent', 'urgent', 'urgent', null, null, null, null]);
    expect(items.find((i) => i.kind === 'task' && i.id === ids.pickup)?.status).toBe('new');
    // The linked client's phone as typed, for the dense table; '' without a client.
    expect(items.map((i) => i.clientPhone)).toEqual(['', '+7 (912) 345-67-89', '', '', '', '', '']);
  });

  it('adds closed items last, newest closure first, when Закрытые is ticked', async () => {
    const items = await work('?states=new,in_progress,closed');
    expect(names(items).slice(-2)).toEqual(['closedTicket', 'closedTask']);
    expect(items.at(-1)?.highlight).toBe('closed');
    expect(names(await work('?states=closed'))).toEqual(['closedTicket', 'closedTask']);
    expect(names(await work('?states=new'))).toEqual(['pickup', 'fresh']);
    expect(await work('?states=')).toEqual([]);
  });

  it('filters by type and by assignee, including nobody', async () => {
    expect(names(await work('?type=tasks'))).toEqual(['pickup', 'call']);
    expect(names(await work('?type=tickets'))).toEqual(['toPvz', 'atPvz', 'repair', 'legacy', 'fresh']);
    expect(names(await work(`?assignee=${worker.user.id}`))).toEqual(['pickup', 'call']);
    expect(names(await work('?assignee=none&type=tasks'))).toEqual([]);
    expect(names(await work('?assignee=none'))).toEqual(['toPvz', 'atPvz', 'repair', 'legacy', 'fresh']);
  });

  it('searches title, assignee name, number and client phone (Cyrillic case, ё, phone fragments)', async () => {
    expect(names(await work(`?q=${encodeURIComponent('ЗАБРАТЬ')}`))).toEqual(['pickup']);
    expect(names(await work(`?q=${encodeURIComponent('ремонтов')}`))).toEqual(['pickup', 'call']);
    expect(names(await work(`?q=${encodeURIComponent('федорова')}`))).toEqual(['atPvz']);
    for (const phone of ['9123456789', '89123456789', '345-67']) {
      expect(names(await work(`?q=${encodeURIComponent(phone)}`)), phone).toEqual(['atPvz']);
    }
    const byNumber = await work(`?q=${ids.fresh}&type=tickets`);
    expect(byNumber.map((i) => i.id)).toContain(ids.fresh);
  });

  it('pages by cursor without gaps or repeats, and rejects a forged cursor', async () => {
    const all = await work('?states=new,in_progress,closed');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/work?states=new,in_progress,closed&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });
      const page: Page<WorkItemDto> = response.json();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((i) => i.id));
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/work?cursor=abc',
      headers: { cookie: staff.cookie },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('follows changes: a step moves a ticket to its new group', async () => {
    const ticket = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie: staff.cookie },
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Движков Дима' } },
      })
    ).json().ticket;
    await ctx.database.db
      .updateTable('tickets')
      .set({ status: 'repair_done', return_provider: 'cdek' })
      .where('id', '=', ticket.id)
      .execute();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/step`,
      headers: { cookie: staff.cookie },
      payload: { direction: 'forward', expectedStatus: 'repair_done' },
    });
    // Group 1 now holds two to_pvz tickets, the older one first; at_pvz follows.
    const tickets = await work('?type=tickets');
    expect(tickets.slice(0, 3).map((t) => t.id)).toEqual([ids.toPvz, ticket.id, ids.atPvz]);
    expect(tickets[1]).toMatchObject({ status: 'to_pvz', highlight: 'urgent', returnProvider: 'cdek' });
  });

  it('answers 401 signed out and 400 for bad filters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/work' })).statusCode).toBe(401);
    for (const query of ['?type=everything', '?assignee=someone', '?limit=0']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/work${query}`,
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
