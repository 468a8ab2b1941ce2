import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from '../../domain/page';
import type { ChangeEvent } from '../../domain/live-events';
import type { WorkState } from '../../domain/worklist';
import type { WorkItemDto } from '../../domain/worklist-query';
import { applyChangeEvent } from './live-events';
import { queryKeys } from './query-keys';
import { JUST_FETCHED_MS } from './worklist-refresh';
import { SseClient } from '../../server/test/sse-client';
import { apiCaller, describeEachDatabase, type SignedIn } from '../../server/test/test-app';

/**
 * Issue 22: open worklists update themselves from the change events instead of asking the
 * server again. For random changes made through the API (new items, edits of the fields
 * lists filter and order on, status steps, the Корзина and back, deletion for good, client
 * renames, files), every open list — random filters, one to three small pages loaded —
 * after applying the events as a browser does (refetching only what it says it must) holds
 * exactly what the server now lists: its rows are the top of the list, and «Показать ещё»
 * from its last cursor brings the rest with no row missing or shown twice. Its counts are
 * the server's. The ticket and task lists (newest first) and a client card's lists keep their
 * rows when the change does not reach them, and are then, too, exactly the top of the server's.
 */

/** A small deterministic generator: the same seed, the same run (printed on failure). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
  return { int, pick, chance: (p: number) => next() < p };
}

const SEED = 2211;
const STEPS = 70;
const PAGE = '3';
const WORDS = ['забрать', 'мышь', 'ёлка', 'Ежов', 'плата', 'кабель', 'Пётр'];
const NAMES = ['Ежов Пётр', 'Ёлкин Иван', 'Смирнова Анна', 'Кабельщиков Олег'];
const PHONES = ['+7 912 345-67-89', '8 (900) 111-22-33', '', '+7 777 000 11 22'];
const TICKET_TITLES = ['Гарантийный ремонт', 'Замена видеокарты', 'Замена SSD'];
const DUE = [null, '2026-11-20', '2026-12-01', '2026-12-15'];

describeEachDatabase('open worklists follow the change events', (ctx) => {
  let base: string;
  let admin: SignedIn;
  let bob: SignedIn;
  let stream: SseClient;
  const call = apiCaller(ctx, () => admin);

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await ctx.loginAs('admin');
    bob = await ctx.register({ displayName: 'Ежов Борис' });
    stream = await SseClient.open(`${base}/api/events`, admin.cookie);
  });
  afterAll(() => stream?.close());

  async function fetchPages(params: Record<string, string>, from: string | null, pages = Infinity) {
    const loaded: Page<WorkItemDto>[] = [];
    let cursor = from;
    do {
      const search = new URLSearchParams(params);
      if (cursor) search.set('cursor', cursor);
      const response = await call('GET', `/api/work?${search}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<Page<WorkItemDto>>();
      loaded.push(page);
      cursor = page.nextCursor;
    } while (cursor && loaded.length < pages);
    return loaded;
  }
  async function fetchCounts(params: Record<string, string>) {
    const response = await call('GET', `/api/work/counts?${new URLSearchParams(countParams(params))}`);
    return response.json<{ counts: Record<WorkState, number> }>().counts;
  }
  /** The counts are asked for under the list's other filters (work-api.ts useWorkCounts). */
  const countParams = (params: Record<string, string>) =>
    Object.fromEntries(Object.entries(params).filter(([name]) => name !== 'limit' && name !== 'states'));

  it('rows and counts equal the server’s after every change, on every open list', async () => {
    const random = generator(SEED);
    const users = [admin.user.id, bob.user.id];
    const clients: number[] = [];
    const items: { kind: 'ticket' | 'task'; id: number; trashed: boolean }[] = [];
    const log: string[] = [];

    for (const name of NAMES) {
      const phone = random.pick(PHONES);
      clients.push(
        (await call('POST', '/api/clients', { fullName: name, phone })).json<{ client: { id: number } }>()
          .client.id,
      );
    }
    const newTicket = async () => {
      const response = await call('POST', '/api/tickets', {
        title: random.pick(TICKET_TITLES),
        client: { mode: 'existing', clientId: random.pick(clients) },
        dueDate: random.pick(DUE),
        ...(random.chance(0.7) ? { assigneeId: random.pick(users) } : {}),
        device: random.pick(['', 'iPhone 12', 'плата ASUS']),
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ ticket: { id: number } }>().ticket.id;
    };
    const newTask = async () => {
      const response = await call('POST', '/api/tasks', {
        title: `${random.pick(WORDS)} ${random.pick(WORDS)}`,
        status: random.pick(['new', 'in_progress', 'closed']),
        dueDate: random.pick(DUE),
        ...(random.chance(0.6) ? { assigneeId: random.pick(users) } : {}),
        ...(random.chance(0.5) ? { clientId: random.pick(clients) } : {}),
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ task: { id: number } }>().task.id;
    };
    for (let i = 0; i < 8; i += 1) {
      if (random.chance(0.5)) items.push({ kind: 'ticket', id: await newTicket(), trashed: false });
      else items.push({ kind: 'task', id: await newTask(), trashed: false });
    }

    // The lists open in the tabs: filters a person picks, small pages so that edges are crossed.
    const filters = (
      [
        {},
        { states: 'new,in_progress,closed' },
        { states: 'closed' },
        { type: 'tickets' },
        { type: 'tasks', assignee: String(bob.user.id) },
        { assignee: 'none', states: 'new,in_progress,closed' },
        { q: 'ёлк' },
        { q: 'ежов', states: 'new,in_progress,closed' },
        { q: '912' },
        { q: 'забрать', type: 'tasks' },
        { order: 'overdue' },
      ] as Record<string, string>[]
    ).map((filter) => ({ ...filter, limit: PAGE }));
    // The ticket and task list screens and a client card's lists: key, path and query string.
    const recordLists = [
      ...[
        { q: '', status: '' },
        { q: 'ежов', status: '' },
        { q: '', status: 'new' },
        { q: '912', status: '' },
      ].map((filter) => ({
        key: queryKeys.tickets.list(filter),
        path: '/api/tickets',
        params: { ...filter, limit: PAGE },
      })),
      ...['', 'closed'].map((status) => ({
        key: queryKeys.tasks.list({ status }),
        path: '/api/tasks',
        params: { ...(status ? { status } : {}), limit: PAGE },
      })),
      ...(['tickets', 'tasks'] as const).map((kind) => ({
        key: queryKeys[kind].list({ clientId: clients[0]! }),
        path: `/api/${kind}`,
        params: { clientId: String(clients[0]), limit: PAGE },
      })),
    ];
    async function fetchRecordPages(
      path: string,
      params: Record<string, string>,
      from: string | null,
      pages = Infinity,
    ) {
      const loaded: Page<{ id: number }>[] = [];
      let cursor = from;
      do {
        const search = new URLSearchParams(params);
        if (cursor) search.set('cursor', cursor);
        const response = await call('GET', `${path}?${search}`);
        expect(response.statusCode).toBe(200);
        const page = response.json<Page<{ id: number }>>();
        loaded.push(page);
        cursor = page.nextCursor;
      } while (cursor && loaded.length < pages);
      return loaded;
    }
    const tab = new QueryClient();
    const load = async () => {
      for (const list of recordLists) {
        const pages = await fetchRecordPages(list.path, list.params, null, 1 + random.int(3));
        tab.setQueryData(list.key, { pages, pageParams: [] });
      }
      for (const params of filters) {
        const pages = await fetchPages(params, null, 1 + random.int(3));
        const data: InfiniteData<Page<WorkItemDto>, string | null> = {
          pages,
          pageParams: [null, ...pages.slice(0, -1).map((page) => page.nextCursor)],
        };
        tab.setQueryData(queryKeys.work.list(params), data);
        tab.setQueryData(queryKeys.work.counts(countParams(params)), await fetchCounts(params));
      }
    };
    const lastItem = items.at(-1)!;
    await stream.waitFor((e) => e.entity === lastItem.kind && e.id === lastItem.id && e.op === 'create');
    await load();

    let seen = stream.events.length;
    // How often a list changed by itself (no request), and how often it had to ask.
    let patched = 0;
    let refetched = 0;
    // How often a ticket or task list kept its rows through a change, and how often it asked.
    let kept = 0;
    let asked = 0;
    const mutations = async () => {
      const live = items.filter((item) => !item.trashed);
      const item = random.pick(live.length ? live : items);
      const path = `/api/${item.kind}s/${item.id}`;
      switch (random.int(10)) {
        case 0:
          if (random.chance(0.5)) items.push({ kind: 'ticket', id: await newTicket(), trashed: false });
          else items.push({ kind: 'task', id: await newTask(), trashed: false });
          return 'create';
        case 1:
          if (item.kind === 'task') {
            await call('PATCH', path, { title: `${random.pick(WORDS)} ${random.pick(WORDS)}` });
          } else await call('PATCH', path, { device: random.pick(['ёлка 3000', 'Мышь', '']) });
          return `text ${item.kind} ${item.id}`;
        case 2:
          await call('PATCH', path, { assigneeId: random.chance(0.3) ? null : random.pick(users) });
          return `assignee ${item.kind} ${item.id}`;
        case 3:
          await call('PATCH', path, { dueDate: random.pick(DUE) });
          return `due ${item.kind} ${item.id}`;
        case 4:
          if (item.kind === 'task') {
            await call('PATCH', path, { status: random.pick(['new', 'in_progress', 'closed']) });
          } else {
            const ticket = (await call('GET', path)).json<{ ticket: { status: string } }>().ticket;
            const direction = ticket.status === 'closed' || random.chance(0.3) ? 'back' : 'forward';
            await call('POST', `${path}/step`, { direction, expectedStatus: ticket.status });
          }
          return `status ${item.kind} ${item.id}`;
        case 5:
          await call('DELETE', path);
          item.trashed = true;
          return `trash ${item.kind} ${item.id}`;
        case 6: {
          const trashed = items.filter((i) => i.trashed);
          if (!trashed.length) return 'nothing';
          const back = random.pick(trashed);
          if (random.chance(0.7)) {
            await call('POST', `/api/trash/${back.kind}/${back.id}/restore`);
            back.trashed = false;
            return `restore ${back.kind} ${back.id}`;
          }
          await call('DELETE', `/api/trash/${back.kind}/${back.id}`);
          items.splice(items.indexOf(back), 1);
          return `purge ${back.kind} ${back.id}`;
        }
        case 7: {
          const clientId = random.pick(clients);
          await call('PATCH', `/api/clients/${clientId}`, {
            fullName: random.pick(NAMES),
            phone: random.pick(PHONES),
          });
          return `client ${clientId}`;
        }
        case 8:
          await call('PATCH', path, { clientId: random.pick(clients) });
          return `client of ${item.kind} ${item.id}`;
        default:
          await call('PATCH', path, { description: `заметка ${random.int(100)}` });
          return `description ${item.kind} ${item.id}`;
      }
    };

    for (let step = 0; step < STEPS; step += 1) {
      log.push(await mutations());
      // Every event the change sent (a burst settles within this on a quiet loopback).
      await new Promise((resolve) => setTimeout(resolve, 60));
      const events = stream.events
        .slice(seen)
        .filter((e) => e.event === 'change')
        .map((e) => JSON.parse(e.data) as ChangeEvent);
      seen = stream.events.length;
      const before = new Map(
        filters.map((params) => [params, tab.getQueryData(queryKeys.work.list(params))]),
      );
      // Counts loaded a moment ago are patched too (the race the pause guards against is not made here).
      for (const event of events) applyChangeEvent(tab, event, Date.now() + JUST_FETCHED_MS);

      for (const params of filters) {
        const listKey = queryKeys.work.list(params);
        const countsKey = queryKeys.work.counts(countParams(params));
        const context = `seed ${SEED}, step ${step}: ${log.join(' | ')}; list ${JSON.stringify(params)}`;
        let data = tab.getQueryData<InfiniteData<Page<WorkItemDto>>>(listKey)!;
        if (tab.getQueryState(listKey)?.isInvalidated) refetched += 1;
        else if (data !== before.get(params)) patched += 1;
        if (tab.getQueryState(listKey)?.isInvalidated) {
          // What the browser would ask for: the pages it had, again.
          const pages = await fetchPages(params, null, data.pages.length);
          data = { pages, pageParams: [] };
          tab.setQueryData(listKey, data);
        }
        const shown = data.pages.flatMap((page) => page.items);
        const rest = await fetchPages(params, data.pages.at(-1)!.nextCursor);
        const after = data.pages.at(-1)!.nextCursor === null ? [] : rest.flatMap((page) => page.items);
        const truth = (await fetchPages(params, null)).flatMap((page) => page.items);
        expect([...shown, ...after], context).toEqual(truth);

        if (tab.getQueryState(countsKey)?.isInvalidated) {
          tab.setQueryData(countsKey, await fetchCounts(params));
        }
        expect(tab.getQueryData(countsKey), context).toEqual(await fetchCounts(params));
      }
      for (const list of recordLists) {
        const context = `seed ${SEED}, step ${step}: ${log.join(' | ')}; list ${list.path} ${JSON.stringify(list.params)}`;
        let data = tab.getQueryData<InfiniteData<Page<{ id: number }>>>(list.key)!;
        if (tab.getQueryState(list.key)?.isInvalidated) {
          asked += 1;
          data = {
            pages: await fetchRecordPages(list.path, list.params, null, data.pages.length),
            pageParams: [],
          };
          tab.setQueryData(list.key, data);
        } else kept += 1;
        const shown = data.pages.flatMap((page) => page.items);
        const next = data.pages.at(-1)!.nextCursor;
        const after =
          next === null ? [] : (await fetchRecordPages(list.path, list.params, next)).flatMap((p) => p.items);
        const truth = (await fetchRecordPages(list.path, list.params, null)).flatMap((page) => page.items);
        expect([...shown, ...after], context).toEqual(truth);
      }
    }
    // Most changes did not reach most ticket and task lists: those kept their rows, unasked.
    expect(kept, `kept ${kept}, asked ${asked}`).toBeGreaterThan(asked);
    // Most changes were taken in by the lists themselves (the overdue-first list always asks).
    expect(patched, `patched ${patched}, refetched ${refetched}`).toBeGreaterThan(refetched);
    // The run moved rows between lists and pages, not only in place.
    expect(
      log.filter((entry) => entry.startsWith('status') || entry.startsWith('trash')).length,
    ).toBeGreaterThan(5);
  }, 120_000);
});
