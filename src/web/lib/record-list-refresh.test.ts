import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent, WorkFacts, WorkMove } from '../../domain/live-events';
import type { WorkItemDto } from '../../domain/worklist-query';
import { queryKeys } from './query-keys';
import { recordListMustRefetch, refreshListsShowingClient, refreshRecordLists } from './record-list-refresh';

const facts = (state: string, text = 'замена ssd иванов'): WorkFacts => ({
  state,
  assigneeId: null,
  text,
  phone: '79123456789',
});
const item = (id: number, createdAt: string, extra: Partial<WorkItemDto> = {}) =>
  ({ id, kind: 'ticket', status: 'new', clientId: 5, createdAt, version: 2, ...extra }) as WorkItemDto;
const row = (id: number, createdAt: string, clientId: number | null = 5) => ({ id, createdAt, clientId });
/** Rows 30, 20, 10 loaded (newest first); more pages follow unless `complete`. */
const pages = (complete = false) => ({
  pages: [
    { items: [row(30, '2026-11-03'), row(20, '2026-11-02')], nextCursor: 'c1' },
    { items: [row(10, '2026-11-01')], nextCursor: complete ? null : 'c2' },
  ],
  pageParams: [null, 'c1'],
});
const moved = (id: number, after: string | null, at = '2026-11-02', extra = {}): WorkMove => ({
  before: facts('new'),
  after: after === null ? null : facts(after),
  ...(after && after !== 'trash' ? { item: item(id, at, extra) } : {}),
  version: 2,
});

describe('recordListMustRefetch', () => {
  it.each<[string, Record<string, unknown>, unknown, number, WorkMove, boolean]>([
    ['a row it shows changed', { q: '', status: '' }, pages(), 20, moved(20, 'new'), true],
    ['a row it shows went to the Корзина', { q: '', status: '' }, pages(), 20, moved(20, 'trash'), true],
    ['an item it does not show went to the Корзина', {}, pages(), 5, moved(5, 'trash'), false],
    ['an item it does not show is gone for good', {}, pages(), 5, moved(5, null), false],
    ['a new item, newest of all', { q: '', status: '' }, pages(), 40, moved(40, 'new', '2026-11-04'), true],
    ['a change past the loaded stretch', {}, pages(), 5, moved(5, 'new', '2026-10-30'), false],
    ['a change past it, but the list is complete', {}, pages(true), 5, moved(5, 'new', '2026-10-30'), true],
    ['same time as the last row, higher number', {}, pages(), 11, moved(11, 'new', '2026-11-01'), true],
    ['same time as the last row, lower number', {}, pages(), 9, moved(9, 'new', '2026-11-01'), false],
    [
      'a status the list is not filtered on',
      { status: 'closed' },
      pages(),
      40,
      moved(40, 'new', '2026-11-04'),
      false,
    ],
    ['the status it is filtered on', { status: 'new' }, pages(), 40, moved(40, 'new', '2026-11-04'), true],
    ['a search it does not find', { q: 'петров' }, pages(), 40, moved(40, 'new', '2026-11-04'), false],
    ['a search it finds (ё/е, case)', { q: 'ИВАНОВ' }, pages(), 40, moved(40, 'new', '2026-11-04'), true],
    ['a phone search it finds', { q: '345-67' }, pages(), 40, moved(40, 'new', '2026-11-04'), true],
    ['another client’s card', { clientId: 6 }, pages(), 40, moved(40, 'new', '2026-11-04'), false],
    ['its client’s card', { clientId: 5 }, pages(), 40, moved(40, 'new', '2026-11-04'), true],
    ['a filter it does not know', { sort: 'old' }, pages(), 5, moved(5, 'new', '2026-10-30'), true],
    ['data of an unknown shape', {}, { rows: [] }, 5, moved(5, 'new', '2026-10-30'), true],
    ['an event without the row', {}, pages(), 40, { ...moved(40, 'new'), item: undefined }, true],
  ])('%s', (_, params, data, id, move, expected) => {
    expect(recordListMustRefetch(params, data, id, move)).toBe(expected);
  });
});

describe('refreshRecordLists', () => {
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey))
      .sort();
  const event = (move: ChangeEvent['work'], id: number | null = 5): ChangeEvent & { entity: 'ticket' } => ({
    entity: 'ticket',
    id,
    op: 'update',
    work: move,
  });

  it('asks again only for the lists a change reaches', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tickets.list({ q: '', status: '' }), pages());
    client.setQueryData(queryKeys.tickets.list({ q: '', status: 'closed' }), pages());
    client.setQueryData(queryKeys.tasks.list({ status: '' }), pages());
    refreshRecordLists(client, event(moved(40, 'new', '2026-11-04'), 40));
    expect(stale(client)).toEqual([JSON.stringify(queryKeys.tickets.list({ q: '', status: '' }))]);
  });

  it('asks every list again when the event does not say how the item moved', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.tickets.list({ q: '', status: 'closed' }), pages());
    refreshRecordLists(client, event(undefined));
    expect(stale(client)).toHaveLength(1);
  });

  it('legacy statuses in use: asked again while some are, or when one can come back', () => {
    const legacy = (inUse: string[], change: ChangeEvent & { entity: 'ticket' }) => {
      const client = new QueryClient();
      client.setQueryData(queryKeys.tickets.legacyStatuses, inUse);
      refreshRecordLists(client, change);
      return client.getQueryState(queryKeys.tickets.legacyStatuses)?.isInvalidated;
    };
    expect(legacy([], event(moved(5, 'closed')))).toBe(false);
    expect(legacy(['returned'], event(moved(5, 'closed')))).toBe(true);
    expect(legacy([], event({ ...moved(5, 'closed'), before: facts('trash') }))).toBe(true);
    // Deleted for good from the Корзина: nothing comes back.
    expect(legacy([], event({ ...moved(5, null), before: facts('trash') }))).toBe(false);
    expect(legacy([], event(undefined, null))).toBe(true);
    expect(legacy(['returned'], event('unchanged'))).toBe(false);
  });
});

describe('refreshListsShowingClient', () => {
  it('asks again for the lists that show its items, search, or are its card', () => {
    const client = new QueryClient();
    const keys = {
      shows: queryKeys.tickets.list({ q: '', status: '' }),
      other: queryKeys.tasks.list({ status: '' }),
      search: queryKeys.tasks.list({ status: '', q: 'ив' }),
      card: queryKeys.tickets.list({ clientId: 5 }),
      otherCard: queryKeys.tickets.list({ clientId: 6 }),
      loading: queryKeys.tasks.list({ status: 'closed' }),
    };
    client.setQueryData(keys.shows, pages());
    client.setQueryData(keys.other, { pages: [{ items: [row(1, '2026-11-01', 6)], nextCursor: null }] });
    client.setQueryData(keys.search, { pages: [{ items: [], nextCursor: null }] });
    client.setQueryData(keys.card, { items: [], nextCursor: null });
    client.setQueryData(keys.otherCard, { items: [], nextCursor: null });
    // Its next page is on the way, read before the change perhaps.
    client.setQueryData(keys.loading, { pages: [{ items: [], nextCursor: 'c1' }] });
    client.getQueryCache().find({ queryKey: keys.loading })!.setState({ fetchStatus: 'fetching' });
    refreshListsShowingClient(client, 5);
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale.sort()).toEqual(['card', 'loading', 'search', 'shows']);
  });
});
