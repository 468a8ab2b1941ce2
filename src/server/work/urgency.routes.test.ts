import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { LIMITED_STATUSES, limitField } from '../../domain/status-limits';
import type { WorkRulesDto } from '../../domain/work-rules';
import { SEARCH_COUNT_CAP } from '../../domain/state-counts';
import { CANDIDATE_LIMIT } from '../search';
import { insertItems } from '../test/insert-items';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 20: the shop's time zone, and the counts beside the worklist's state filters.
const NO_LIMITS = {
  reminderTime: '09:00',
  ...Object.fromEntries(LIMITED_STATUSES.map((status) => [limitField(status), ''])),
};
describeEachDatabase('urgency: time zone and state counts', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const counts = async (query = '') =>
    (await call('GET', `/api/work/counts${query}`)).json<{
      counts: Record<'new' | 'in_progress' | 'closed', number>;
    }>().counts;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.register({ displayName: 'Счётов Семён' });
  });

  it('keeps the time zone Москва until an admin picks another; refuses an unknown zone in Russian', async () => {
    const read = await call('GET', '/api/settings/work-rules');
    expect(read.json<{ rules: WorkRulesDto }>().rules).toMatchObject({
      timeZone: 'Europe/Moscow',
      reminderTime: '09:00',
      version: 1,
    });
    expect(
      (await call('PUT', '/api/settings/work-rules', { ...NO_LIMITS, version: 1, timeZone: 'Asia/Omsk' }))
        .statusCode,
    ).toBe(403);
    const bad = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...NO_LIMITS, version: 1, timeZone: 'Mars/Olympus' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Выберите часовой пояс из списка');
    const saved = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...NO_LIMITS, version: 1, timeZone: 'Asia/Vladivostok' },
      admin,
    );
    expect(saved.json<{ rules: WorkRulesDto }>().rules).toMatchObject({
      timeZone: 'Asia/Vladivostok',
      version: 2,
    });
    const stale = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...NO_LIMITS, version: 1, timeZone: 'Asia/Omsk' },
      admin,
    );
    // Only the list's zones; and a save without the limits would clear them: refused.
    const foreign = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...NO_LIMITS, version: 2, timeZone: 'America/Santiago' },
      admin,
    );
    expect(foreign.statusCode).toBe(400);
    const partial = await call(
      'PUT',
      '/api/settings/work-rules',
      { version: 2, timeZone: 'Asia/Omsk' },
      admin,
    );
    expect(partial.statusCode).toBe(400);
    expect(stale.statusCode).toBe(409);
    for (const reminderTime of ['9', '24:00', '09:60', '']) {
      const badTime = await call(
        'PUT',
        '/api/settings/work-rules',
        { ...NO_LIMITS, version: 2, timeZone: 'Asia/Omsk', reminderTime },
        admin,
      );
      expect(badTime.statusCode).toBe(400);
      expect(badTime.json().error.message).toBe('Время напоминаний: часы и минуты, например 09:00');
    }
  });

  it('dates the client’s status page in the shop’s time zone', async () => {
    // Created at 20:00 UTC on 22.11: already 06:00 on 23.11 in Vladivostok (the server runs in UTC here).
    ctx.clock.advance(11 * 3_600_000);
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Поясов Павел' },
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    const page = await ctx.app.inject({ method: 'GET', url: ticket.statusPath });
    expect(page.body).toMatch(/Ждём вашу посылку<\/span> <time[^>]*>23\.11\.2026<\/time>/);
    ctx.clock.advance(-11 * 3_600_000);
  });

  it('counts items per state under the type, assignee and search filters, leaving out the Корзина', async () => {
    const before = await counts('?assignee=' + staff.user.id);
    const make = async (title: string) =>
      (await call('POST', '/api/tasks', { title, assigneeId: staff.user.id })).json<{
        task: { id: number; version: number };
      }>().task;
    await make('Счётная задача один');
    const second = await make('Счётная задача два');
    const third = await make('Счётная задача три');
    await call('PATCH', `/api/tasks/${second.id}`, { status: 'in_progress' });
    await call('DELETE', `/api/tasks/${third.id}`);
    const mine = await counts('?assignee=' + staff.user.id);
    expect(mine).toEqual({
      new: before.new + 1,
      in_progress: before.in_progress + 1,
      closed: before.closed,
    });
    expect(await counts('?type=tasks&q=' + encodeURIComponent('счётная'))).toEqual({
      new: 1,
      in_progress: 1,
      closed: 0,
    });
    expect(await counts('?type=tickets&q=' + encodeURIComponent('счётная'))).toEqual({
      new: 0,
      in_progress: 0,
      closed: 0,
    });
    const bad = await call('GET', '/api/work/counts?assignee=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('while searching, counts stop past 1,000 in a state (shown «1000+»); exact below it and without a search', async () => {
    const word = 'Многоштучный';
    // More than the search index lists by id (CANDIDATE_LIMIT): a common query, as counted part-way.
    const many = CANDIDATE_LIMIT + 100;
    const items = Array.from({ length: many }, (_, i) => ({
      kind: 'task' as const,
      status: i < 3 ? 'done' : 'todo',
      title: `${word} ${i}`,
      dueDate: null,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
      closedAt: i < 3 ? '2026-11-02T00:00:00.000Z' : null,
    }));
    const all = await counts();
    await insertItems(ctx.database.db, items);
    // Both databases stop at the cap (SQLite walking the index's candidates of each state).
    expect(await counts(`?q=${encodeURIComponent(word)}`)).toEqual({
      new: SEARCH_COUNT_CAP + 1,
      in_progress: 0,
      closed: 3,
    });
    // A query that finds fewer than the cap: exact, as before.
    expect(await counts(`?q=${encodeURIComponent(`${word} 1000`)}`)).toEqual({
      new: 1,
      in_progress: 0,
      closed: 0,
    });
    // Without a search: exact, however many.
    const after = await counts();
    expect(after.new - all.new).toBe(many - 3);
    expect(after.closed - all.closed).toBe(3);
  });

  it('«Сначала просроченные» lists overdue items first, oldest due first, then the rest in the spec’s order, across pages', async () => {
    // The shop's today here is 22.11.2026 (09:00 UTC, Vladivostok from the test above).
    const word = 'Порядоквый';
    const make = async (title: string, dueDate: string | null, extra: object = {}) =>
      (await call('POST', '/api/tasks', { title: `${word} ${title}`, dueDate, ...extra })).json<{
        task: { id: number };
      }>().task.id;
    const ids = {
      late3: await make('три дня', '2026-11-19'),
      late10: await make('десять дней', '2026-11-12'),
      today: await make('сегодня', '2026-11-22'),
      later: await make('потом', '2026-12-01'),
      none: await make('без срока', null),
      lateClosed: await make('закрыта', '2026-11-01'),
      late3b: await make('тоже три дня', '2026-11-19'),
    };
    await call('PATCH', `/api/tasks/${ids.lateClosed}`, { status: 'closed' });
    const ticket = (
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: `${word} Клиент` },
        dueDate: '2026-11-12',
      })
    ).json<{ ticket: { id: number } }>().ticket.id;

    const pages = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 20; guard++) {
        const response = await call(
          'GET',
          `/api/work?q=${encodeURIComponent(word)}&states=new,in_progress,closed&limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<{ items: { kind: string; id: number }[]; nextCursor: string | null }>();
        seen.push(...page.items.map((item) => `${item.kind}-${item.id}`));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return seen;
    };
    const spec = await pages('');
    const overdueFirst = await pages('&order=overdue');
    const overdue = [`ticket-${ticket}`, `task-${ids.late10}`, `task-${ids.late3}`, `task-${ids.late3b}`];
    expect(overdueFirst.slice(0, 4)).toEqual(overdue);
    expect(overdueFirst.slice(4)).toEqual(spec.filter((key) => !overdue.includes(key)));
    expect(new Set(overdueFirst).size).toBe(spec.length);
    // Without Закрытые the closed overdue task stays out of both parts.
    const open = await call('GET', `/api/work?q=${encodeURIComponent(word)}&order=overdue`);
    expect(open.json<{ items: { id: number }[] }>().items.map((item) => item.id)).not.toContain(
      ids.lateClosed,
    );
    expect((await call('GET', '/api/work?order=random')).statusCode).toBe(400);
  });

  it('marks and filters a ticket over its status’s time limit, counted from when it entered the status', async () => {
    const {
      updatedAt: _at,
      updatedByName: _by,
      ...rules
    } = (await call('GET', '/api/settings/work-rules')).json<{
      rules: WorkRulesDto;
    }>().rules;
    expect(_at).toMatch(/^2026-/);
    expect(_by).toBe(admin.user.displayName);
    const saved = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...rules, version: rules.version, limit_delivery_requested: '2', limit_in_repair: 'семь' },
      admin,
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.message).toBe('Срок в статусе: целое число дней от 1 до 365 или пусто');
    const ok = await call(
      'PUT',
      '/api/settings/work-rules',
      { ...rules, version: rules.version, limit_delivery_requested: '2' },
      admin,
    );
    expect(ok.json<{ rules: WorkRulesDto }>().rules.limit_delivery_requested).toBe('2');

    const word = 'Лимитовый';
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: `${word} Лев` },
    });
    const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    ctx.clock.advance(86_400_000);
    const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'new',
    });
    const since = stepped.json<{ ticket: TicketDetailDto }>().ticket.statusSince;
    expect(since).toBe(ctx.clock.now().toISOString());
    const over = async () =>
      (await call('GET', `/api/work?overLimit=1&q=${encodeURIComponent(word)}`))
        .json<{ items: { id: number; statusSince: string }[] }>()
        .items.map((item) => item.id);

    ctx.clock.advance(2 * 86_400_000); // two days in «Доставка оформлена»: at the limit
    expect(await over()).toEqual([]);
    ctx.clock.advance(86_400_000); // three days: over it
    expect(await over()).toEqual([ticket.id]);
    // An imported ticket without the column counts from its creation, in the filter as on its badge.
    await ctx.database.db
      .updateTable('tickets')
      .set({ status_since: null })
      .where('id', '=', ticket.id)
      .execute();
    expect(await over()).toEqual([ticket.id]);
    const counted = await call('GET', `/api/work/counts?overLimit=1&q=${encodeURIComponent(word)}`);
    expect(counted.json().counts).toEqual({ new: 0, in_progress: 1, closed: 0 });
    // A step moves the ticket into a status without a limit: off the list.
    await call('PATCH', `/api/tickets/${ticket.id}`, { deliveryProvider: 'cdek' });
    await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'delivery_requested',
    });
    expect(await over()).toEqual([]);
    ctx.clock.advance(-4 * 86_400_000);
  });

  it('«Сначала просроченные» pages on with the day it started: an item turning overdue at midnight is neither repeated nor lost', async () => {
    const today = (await call('GET', '/api/dashboard')).json<{ dashboard: { today: string } }>().dashboard
      .today;
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const word = `Полночный${Date.now()}`;
    const made: number[] = [];
    for (const [suffix, dueDate] of [
      ['давний', shift(-3)],
      ['вчерашний', shift(-1)],
      ['сегодняшний', today],
      ['завтрашний', shift(1)],
    ] as const) {
      const created = await call('POST', '/api/tasks', { title: `${word} ${suffix}`, dueDate });
      expect(created.statusCode, created.body).toBe(201);
      made.push(created.json<{ task: { id: number } }>().task.id);
    }
    // A ticket without a date: first in the rest of the list (tickets before tasks).
    const ticket = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: `${word} Клиентов` },
    });
    const ticketId = ticket.json<{ ticket: { id: number } }>().ticket.id;
    const page = async (cursor?: string) =>
      (
        await call('GET', `/api/work?q=${word}&order=overdue&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<{ items: { id: number }[]; nextCursor: string | null }>();
    const seen: number[] = [];
    let next = await page();
    seen.push(...next.items.map((item) => item.id));
    while (next.nextCursor) {
      // Midnight passes once the list is past its overdue part: «сегодняшний» turns overdue,
      // and must still come in the rest, where the list was split.
      if (seen.length === 3) ctx.clock.advance(86_400_000);
      next = await page(next.nextCursor);
      seen.push(...next.items.map((item) => item.id));
    }
    const [old, yesterday, dueToday, tomorrow] = made;
    expect(seen).toEqual([old, yesterday, ticketId, dueToday, tomorrow]);
    // A fresh list splits on the new day.
    const fresh = (await call('GET', `/api/work?q=${word}&order=overdue`)).json<{
      items: { id: number }[];
    }>();
    expect(fresh.items.map((item) => item.id)).toEqual([old, yesterday, dueToday, ticketId, tomorrow]);
    ctx.clock.advance(-86_400_000);
  });
});
