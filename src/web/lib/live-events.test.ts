import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../domain/live-events';
import { applyChangeEvent } from './live-events';
import { writeRecord } from './own-writes';
import { queryKeys } from './query-keys';

/** The queries the screens hold, with the keys the features use (all from queryKeys). */
const SCREENS: Record<string, QueryKey> = {
  ticketList: queryKeys.tickets.list({ q: '', status: '' }),
  ticketsOfClient5: queryKeys.tickets.list({ clientId: 5 }),
  ticket7: queryKeys.tickets.detail(7),
  ticket8: queryKeys.tickets.detail(8),
  taskList: queryKeys.tasks.list({ status: '' }),
  task3: queryKeys.tasks.detail(3),
  clientList: queryKeys.clients.list(''),
  clientPicker: queryKeys.clients.picker('пет'),
  client5: queryKeys.clients.detail(5),
  worklist: queryKeys.work.list({ type: 'all' }),
  me: queryKeys.me,
  employees: queryKeys.employees,
  staffOptions: queryKeys.users.options,
  defaultAssignees: queryKeys.settings.defaultAssignees,
  inviteCode: queryKeys.settings.inviteCode,
  ticket7OlderHistory: queryKeys.history('ticket', 7, 120),
  trash: queryKeys.trash,
};

/** Which screens' data an event marks stale, with ticket 7 cached at version 4. */
function staleAfter(event: ChangeEvent): string[] {
  const client = new QueryClient();
  for (const [name, key] of Object.entries(SCREENS)) {
    client.setQueryData(key, name === 'ticket7' ? { id: 7, version: 4 } : { name });
  }
  applyChangeEvent(client, event);
  return Object.entries(SCREENS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('applyChangeEvent', () => {
  it.each<[ChangeEvent, string[]]>([
    [
      { entity: 'ticket', id: 7, op: 'update' },
      ['ticket7', 'ticket7OlderHistory', 'ticketList', 'ticketsOfClient5', 'trash', 'worklist'],
    ],
    [{ entity: 'task', id: 3, op: 'delete' }, ['task3', 'taskList', 'trash', 'worklist']],
    [
      { entity: 'client', id: 5, op: 'update' },
      [
        'client5',
        'clientList',
        'clientPicker',
        'ticket7',
        'ticket8',
        'ticketList',
        'ticketsOfClient5',
        'task3',
        'taskList',
        'trash',
        'worklist',
      ].sort(),
    ],
    [{ entity: 'user', id: 2, op: 'update' }, ['employees', 'me', 'staffOptions']],
    [{ entity: 'settings', id: null, op: 'update' }, ['defaultAssignees', 'inviteCode', 'worklist']],
    [
      { entity: 'ticket', id: null, op: 'update' },
      ['ticket7', 'ticket7OlderHistory', 'ticket8', 'ticketList', 'ticketsOfClient5', 'trash', 'worklist'],
    ],
  ])('%o marks exactly these screens stale', (event, expected) => {
    expect(staleAfter(event)).toEqual(expected.sort());
  });

  it('the tab that made an edit keeps the record it was answered with; lists still refresh', () => {
    // Its older history pages and the Корзина refresh too (the card's own history came with the answer).
    const lists = ['ticket7OlderHistory', 'ticketList', 'ticketsOfClient5', 'trash', 'worklist'];
    expect(staleAfter({ entity: 'ticket', id: 7, op: 'update', version: 4 })).toEqual(lists);
    expect(staleAfter({ entity: 'ticket', id: 7, op: 'update', version: 3 })).toEqual(lists);
    // Someone else's newer change is fetched.
    expect(staleAfter({ entity: 'ticket', id: 7, op: 'update', version: 5 })).toEqual(
      ['ticket7', ...lists].sort(),
    );
  });
});

describe('events that say how a ticket or task moved in the worklist', () => {
  const facts = (state: string) => ({ state, assigneeId: null, text: 'замена ssd', phone: '' });
  const moved = (before: string | null, after: string | null): ChangeEvent => ({
    entity: 'ticket',
    id: 7,
    op: 'update',
    work: {
      before: before === null ? null : facts(before),
      after: after === null ? null : facts(after),
      version: 2,
    },
  });

  it('a change no list shows (a file, a message) leaves every list alone', () => {
    expect(staleAfter({ entity: 'ticket', id: 7, op: 'update', work: 'unchanged' })).toEqual([
      'ticket7',
      'ticket7OlderHistory',
    ]);
  });

  it('the Корзина refreshes only when the item goes into it, comes out of it or is gone', () => {
    const others = ['ticket7', 'ticket7OlderHistory', 'ticketList', 'ticketsOfClient5', 'worklist'];
    expect(staleAfter(moved('new', 'in_progress'))).toEqual(others);
    expect(staleAfter(moved('new', 'trash'))).toEqual([...others, 'trash'].sort());
    expect(staleAfter(moved('trash', 'closed'))).toEqual([...others, 'trash'].sort());
    expect(staleAfter(moved('trash', null))).toEqual([...others, 'trash'].sort());
  });

  it('an older move arriving after a newer one does not bring the row back; the counts take both', () => {
    const client = new QueryClient();
    const key = queryKeys.work.list({});
    const countsKey = queryKeys.work.counts({});
    const row = {
      kind: 'ticket',
      id: 7,
      title: 'Замена SSD',
      status: 'new',
      dueDate: null,
      createdAt: '2026-11-01T10:00:00Z',
      closedAt: null,
      version: 1,
    };
    client.setQueryData(key, { pages: [{ items: [row], nextCursor: null }], pageParams: [null] });
    client.setQueryData(countsKey, { new: 1, in_progress: 0, closed: 0 }, { updatedAt: 0 });
    // Into the Корзина (version 3) is heard first, the edit before it (version 2) second.
    applyChangeEvent(client, {
      entity: 'ticket',
      id: 7,
      op: 'delete',
      work: { before: facts('new'), after: facts('trash'), version: 3 },
    });
    applyChangeEvent(client, {
      entity: 'ticket',
      id: 7,
      op: 'update',
      work: { before: facts('new'), after: facts('new'), item: { ...row, version: 2 } as never, version: 2 },
    });
    const pages = client.getQueryData<{ pages: { items: unknown[] }[] }>(key);
    expect(pages?.pages[0]?.items).toEqual([]);
    expect(client.getQueryData(countsKey)).toEqual({ new: 0, in_progress: 0, closed: 0 });
  });

  it('a client’s new name reaches the lists that show its items or search, and no others', () => {
    const client = new QueryClient();
    const row = { kind: 'ticket', id: 1, clientId: 5 };
    const pages = (items: object[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [null] });
    client.setQueryData(queryKeys.work.list({}), pages([row]));
    client.setQueryData(queryKeys.work.list({ states: 'closed' }), pages([{ ...row, clientId: 6 }]));
    client.setQueryData(queryKeys.work.list({ q: 'иван' }), pages([]));
    client.setQueryData(queryKeys.work.counts({}), { new: 1, in_progress: 0, closed: 0 });
    client.setQueryData(queryKeys.work.counts({ q: 'иван' }), { new: 0, in_progress: 0, closed: 0 });
    applyChangeEvent(client, { entity: 'client', id: 5, op: 'update' });
    const stale = client
      .getQueryCache()
      .findAll({ queryKey: queryKeys.work.all })
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey));
    expect(stale.sort()).toEqual(
      [queryKeys.work.list({}), queryKeys.work.list({ q: 'иван' }), queryKeys.work.counts({ q: 'иван' })]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });
});

describe('events heard while this tab is writing the record', () => {
  const key = queryKeys.tickets.detail(9);
  const setup = () => {
    const client = new QueryClient();
    client.setQueryData(key, { id: 9, version: 1 });
    let answer: (version: number) => void = () => {};
    const write = writeRecord(
      client,
      key,
      queryKeys.tickets.lists,
      () =>
        new Promise<{ id: number; version: number }>(
          (resolve) => (answer = (version) => resolve({ id: 9, version })),
        ),
    );
    return { client, write, answer: (version: number) => answer(version) };
  };
  const stale = (client: QueryClient) => client.getQueryState(key)?.isInvalidated ?? false;

  it('its own change, announced before the answer, does not fetch the record again', async () => {
    const { client, write, answer } = setup();
    applyChangeEvent(client, { entity: 'ticket', id: 9, op: 'update', version: 2 });
    expect(stale(client)).toBe(false);
    answer(2);
    await write;
    expect(stale(client)).toBe(false);
    expect(client.getQueryData(key)).toEqual({ id: 9, version: 2 });
  });

  it('a later change by someone else, heard meanwhile, is fetched once the answer is in', async () => {
    const { client, write, answer } = setup();
    applyChangeEvent(client, { entity: 'ticket', id: 9, op: 'update', version: 3 });
    answer(2);
    await write;
    expect(stale(client)).toBe(true);
  });
});
