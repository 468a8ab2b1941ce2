import { beforeAll, expect, it } from 'vitest';
import type { DashboardDto } from '../../domain/dashboard';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { insertItems, type RawItem } from '../test/insert-items';
import { DASHBOARD_FRESH_MS } from './dashboard.service';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 20: the owner's dashboard, computed in SQL, on both databases; and the worklist filters
// its figures link to.
describeEachDatabase('dashboard', (ctx) => {
  let admin: SignedIn;
  let tech: SignedIn;
  let other: SignedIn;
  const call = apiCaller(ctx, () => tech);
  const ids: Record<string, number> = {};
  const read = async () => {
    const response = await call('GET', '/api/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ dashboard: DashboardDto }>().dashboard;
  };

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    tech = await ctx.register({ displayName: 'Техников Тимур' });
    other = await ctx.register({ displayName: 'Другов Дмитрий' });
    const ticket = (title: string, over: Partial<RawItem>): RawItem => ({
      kind: 'ticket',
      status: 'in_repair',
      title,
      dueDate: null,
      createdAt: '2026-11-17T10:00:00.000Z',
      closedAt: null,
      ...over,
    });
    const rows: RawItem[] = [
      ticket('Озон просрочен', { dueDate: '2026-11-20', assigneeId: tech.user.id }),
      ticket('СДЭК сегодня', { status: 'at_pvz', dueDate: '2026-11-22', assigneeId: tech.user.id }),
      ticket('Новая ничья', { status: 'new' }),
      ticket('Принёс сам', { assigneeId: other.user.id }),
      ticket('Закрытая', {
        status: 'closed',
        createdAt: '2026-11-10T10:00:00.000Z',
        closedAt: '2026-11-12T10:00:00.000Z',
        assigneeId: tech.user.id,
      }),
      ticket('Старая', { status: 'returned', createdAt: '2026-01-05T10:00:00.000Z' }),
      {
        ...ticket('Задача просрочена', { assigneeId: other.user.id }),
        kind: 'task',
        status: 'active',
        dueDate: '2026-11-01',
      },
    ];
    const inserted = await insertItems(ctx.database.db, rows);
    rows.forEach((row, index) => (ids[row.title] = inserted[index] as number));
    const set = (title: string, values: { intake?: string; delivery_provider?: string }) =>
      ctx.database.db
        .updateTable('tickets')
        .set(values)
        .where('id', '=', ids[title] as number)
        .execute();
    await set('Озон просрочен', { delivery_provider: 'ozon' });
    await set('СДЭК сегодня', { delivery_provider: 'cdek' });
    await set('Принёс сам', { intake: 'walk_in' });
  });

  it('counts open tickets by status and by how they came in, overdue and due today, load per person', async () => {
    // A ticket in the Корзина counts nowhere.
    const trashed = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Корзинов Кирилл' },
      assigneeId: tech.user.id,
      dueDate: '2026-11-01',
    });
    const trashedId = trashed.json<{ ticket: TicketDetailDto }>().ticket.id;
    expect((await call('DELETE', `/api/tickets/${trashedId}`, undefined, admin)).statusCode).toBe(204);

    const dashboard = await read();
    expect(dashboard.today).toBe('2026-11-22');
    const byStatus = Object.fromEntries(dashboard.openByStatus.map((row) => [row.status, row.count]));
    expect(byStatus).toEqual({
      new: 1,
      delivery_requested: 0,
      at_pvz: 1,
      in_repair: 2,
      repair_done: 0,
      to_pvz: 0,
      delivery_to_client: 0,
      notify_client: 0,
      // The old tool's status shows while an open ticket has it.
      returned: 1,
    });
    expect(dashboard.openByStatus.map((row) => row.status).slice(0, 3)).toEqual([
      'new',
      'delivery_requested',
      'at_pvz',
    ]);
    const byChannel = Object.fromEntries(dashboard.openByChannel.map((row) => [row.channel, row.count]));
    expect(byChannel).toEqual({ ozon: 1, yandex: 0, wb: 0, cdek: 1, pyaterochka: 0, none: 2, walk_in: 1 });
    expect(dashboard).toMatchObject({ overdue: 2, dueToday: 1, overLimit: 0 });
    expect(dashboard.load).toEqual([
      { assigneeId: null, name: 'Без исполнителя', open: 2, overdue: 0 },
      { assigneeId: other.user.id, name: 'Другов Дмитрий', open: 2, overdue: 1 },
      { assigneeId: tech.user.id, name: 'Техников Тимур', open: 2, overdue: 1 },
    ]);
  });

  it('counts tickets received and closed per week for twelve weeks, in the shop’s time zone', async () => {
    const { weeks } = await read();
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ start: '2026-11-16' });
    // Four seeded on 17.11 and the one made through the API on 22.11 (it is in the Корзина: not counted).
    expect(weeks.at(-1)).toMatchObject({ received: 4, closed: 0 });
    expect(weeks.at(-2)).toEqual({ start: '2026-11-09', received: 1, closed: 1 });
    expect(weeks.slice(0, -2).every((week) => week.received === 0 && week.closed === 0)).toBe(true);

    // 23:30 on Sunday 22.11 in Москва is still this week there, though Monday in Камчатка.
    const late = await insertItems(ctx.database.db, [
      {
        kind: 'ticket',
        status: 'new',
        title: 'Поздняя',
        dueDate: null,
        createdAt: '2026-11-22T20:30:00.000Z',
        closedAt: null,
      },
    ]);
    // Written straight into the database, so no change event: seen once the shared answer is old.
    ctx.clock.advance(DASHBOARD_FRESH_MS);
    expect((await read()).weeks.at(-1)?.received).toBe(5);
    await ctx.database.db
      .deleteFrom('tickets')
      .where('id', '=', late[0] as number)
      .execute();
  });

  it('averages the days tickets spent in each status they left, over 30 and 90 days; over-limit tickets', async () => {
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Этапов Эдуард' },
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    ctx.clock.advance(2 * 86_400_000);
    const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'new',
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    // A span left 60 days ago counts for 90 days, not 30.
    await ctx.database.db
      .insertInto('stage_spans')
      .values({
        ticket_id: ticket.id,
        status: 'new',
        left_at: '2026-09-25T09:00:00.000Z',
        days: 4,
      })
      .execute();
    const { stages } = await read();
    expect(stages.find((row) => row.status === 'new')).toEqual({
      status: 'new',
      days30: 2,
      count30: 1,
      days90: 3,
      count90: 2,
    });
    expect(stages.find((row) => row.status === 'in_repair')).toMatchObject({ days30: null, count30: 0 });
    expect(stages.map((row) => row.status)).not.toContain('closed');

    const rules = (await call('GET', '/api/settings/work-rules')).json<{ rules: Record<string, unknown> }>()
      .rules;
    const values = Object.fromEntries(
      Object.entries(rules).filter(([key]) => key !== 'updatedAt' && key !== 'updatedByName'),
    );
    const saved = await call('PUT', '/api/settings/work-rules', { ...values, limit_in_repair: '3' }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    // In «В ремонте» since 17.11 (seeded, no history: from creation): 7 days on 24.11.
    expect((await read()).overLimit).toBe(2);
  });

  it('the worklist filters the figures link to: a status, a service, brought in person; tickets only', async () => {
    const list = async (query: string) => {
      const response = await call('GET', `/api/work?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ items: { id: number }[] }>()
        .items.map((item) => item.id)
        .sort((a, b) => a - b);
    };
    expect(await list('status=at_pvz')).toEqual([ids['СДЭК сегодня']]);
    expect(await list('provider=ozon')).toEqual([ids['Озон просрочен']]);
    expect(await list(`provider=walk_in&status=in_repair&assignee=${other.user.id}`)).toEqual([
      ids['Принёс сам'],
    ]);
    expect(await list('provider=none&status=new')).toEqual([ids['Новая ничья']]);
    const counts = (await call('GET', '/api/work/counts?status=in_repair')).json<{
      counts: Record<string, number>;
    }>();
    // Two seeded and the walk-in stepped into «В ремонте» above.
    expect(counts.counts).toEqual({ new: 0, in_progress: 3, closed: 0 });
    // The weekly chart's bars: tickets received, or closed, in a week (the shop's Monday to Sunday).
    expect(await list('closedWeek=2026-11-09&states=closed')).toEqual([ids['Закрытая']]);
    expect(await list('closedWeek=2026-11-16&states=closed')).toEqual([]);
    const received = await list('receivedWeek=2026-11-09&states=new,in_progress,closed');
    expect(received).toEqual([ids['Закрытая']]);
    expect(await list('receivedWeek=2026-11-16&type=tasks')).toEqual([]);
    const tuesday = await call('GET', '/api/work?receivedWeek=2026-11-17');
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().error.message).toBe('Неизвестная неделя');
    const bad = await call('GET', '/api/work?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Неизвестный статус');
    expect((await call('GET', '/api/work?provider=dhl')).json().error.message).toBe('Неизвестная служба');
  });

  it('one computation serves every open dashboard until a change is heard of (issue 22)', async () => {
    const newTickets = (dashboard: DashboardDto) =>
      dashboard.openByStatus.find((row) => row.status === 'new')?.count;
    const before = newTickets(await read());
    // Written behind the app's back: no change event, so the shared answer still stands…
    const [quiet] = await insertItems(ctx.database.db, [
      {
        kind: 'ticket',
        status: 'new',
        title: 'Без события',
        dueDate: null,
        createdAt: '2026-11-22T08:00:00.000Z',
        closedAt: null,
      },
    ]);
    const together = await Promise.all(Array.from({ length: 8 }, () => read()));
    expect(together.map(newTickets)).toEqual(Array(8).fill(before));
    // …until a change made through the app is published, whatever the age of the answer.
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Событиев Семён' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(newTickets(await read())).toBe(Number(before) + 2);

    // A write with no event at all shows once the shared answer is DASHBOARD_FRESH_MS old.
    await ctx.database.db
      .deleteFrom('tickets')
      .where('id', '=', quiet as number)
      .execute();
    expect(newTickets(await read())).toBe(Number(before) + 2);
    ctx.clock.advance(DASHBOARD_FRESH_MS);
    expect(newTickets(await read())).toBe(Number(before) + 1);
  });
});
