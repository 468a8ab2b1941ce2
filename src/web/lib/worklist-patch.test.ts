import { describe, expect, it } from 'vitest';
import type { WorkFacts, WorkMove } from '../../domain/live-events';
import type { WorkItemDto } from '../../domain/worklist-query';
import { patchWorkCounts, patchWorklist, type WorkPages } from './worklist-patch';

const facts = (state: string, text = 'замена ssd'): WorkFacts => ({
  state,
  assigneeId: null,
  text,
  phone: '',
});
const row = (id: number, createdAt: string, version = 1): WorkItemDto => ({
  kind: 'ticket',
  id,
  title: 'Замена SSD',
  clientId: null,
  clientName: '',
  clientPhone: '',
  device: '',
  assigneeId: null,
  assigneeName: '',
  status: 'new',
  intake: 'pvz',
  statusSince: createdAt,
  stageId: null,
  stageSince: null,
  due: 0,
  deliveryProvider: null,
  returnProvider: null,
  dueDate: null,
  createdAt,
  closedAt: null,
  highlight: null,
  version,
});
const pages = (items: WorkItemDto[][], more = false): WorkPages => ({
  pages: items.map((page, i) => ({ items: page, nextCursor: more || i < items.length - 1 ? `c${i}` : null })),
  pageParams: items.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const ids = (patch: ReturnType<typeof patchWorklist>) =>
  typeof patch === 'object' ? patch.data.pages.map((page) => page.items.map((item) => item.id)) : patch;

describe('patchWorklist', () => {
  const a = row(1, '2026-11-01T10:00:00Z');
  const b = row(2, '2026-11-02T10:00:00Z');
  const c = row(3, '2026-11-03T10:00:00Z');
  const move = (item: WorkItemDto, before: string | null, after: string | null): WorkMove => ({
    before: before === null ? null : facts(before),
    after: after === null ? null : facts(after),
    ...(after === null || after === 'trash' ? {} : { item }),
    version: item.version,
  });

  it('puts a new item at its place, and after the last row only when the list ends there', () => {
    const d = row(4, '2026-11-02T12:00:00Z');
    expect(ids(patchWorklist(pages([[a, b], [c]]), {}, 'ticket', 4, move(d, null, 'new')))).toEqual([
      [1, 2],
      [4, 3],
    ]);
    const e = row(5, '2026-11-09T00:00:00Z');
    expect(ids(patchWorklist(pages([[a, b, c]]), {}, 'ticket', 5, move(e, null, 'new')))).toEqual([
      [1, 2, 3, 5],
    ]);
    // Past the last loaded row of a list that goes on: «Показать ещё» brings it.
    expect(patchWorklist(pages([[a, b, c]], true), {}, 'ticket', 5, move(e, null, 'new'))).toBe('same');
  });

  it('takes an item out when it leaves the filter, and asks when it was the row the next page starts after', () => {
    expect(ids(patchWorklist(pages([[a, b, c]]), {}, 'ticket', 2, move(b, 'new', 'closed')))).toEqual([
      [1, 3],
    ]);
    expect(patchWorklist(pages([[a, b, c]], true), {}, 'ticket', 3, move(c, 'new', 'trash'))).toBe('refetch');
    // That row may change in place.
    const renamed = { ...c, device: 'iPhone', version: 2 };
    const patched = patchWorklist(pages([[a, b, c]], true), {}, 'ticket', 3, move(renamed, 'new', 'new'));
    expect(typeof patched === 'object' && patched.data.pages[0]!.items[2]).toEqual(renamed);
  });

  it('leaves a row alone when an older change arrives after a newer one', () => {
    const newer = { ...b, version: 3 };
    expect(
      patchWorklist(pages([[a, newer, c]]), {}, 'ticket', 2, move({ ...b, version: 2 }, 'new', 'new')),
    ).toBe('same');
  });

  it('asks the server when the list’s filter depends on the clock or the shop’s rules', () => {
    expect(patchWorklist(pages([[a]]), { order: 'overdue' }, 'ticket', 2, move(b, null, 'new'))).toBe(
      'refetch',
    );
    expect(patchWorklist(pages([[a]]), { overLimit: '1' }, 'ticket', 2, move(b, null, 'new'))).toBe(
      'refetch',
    );
  });
});

describe('patchWorkCounts', () => {
  const counts = { new: 2, in_progress: 1, closed: 5 };
  it('moves one from the old state to the new one, under the list’s search', () => {
    const step: WorkMove = { before: facts('new'), after: facts('in_progress'), version: 2 };
    expect(patchWorkCounts(counts, {}, 'ticket', 1, step)).toEqual({
      data: { new: 1, in_progress: 2, closed: 5 },
    });
    expect(patchWorkCounts(counts, { q: 'ssd' }, 'ticket', 1, step)).toEqual({
      data: { new: 1, in_progress: 2, closed: 5 },
    });
    expect(patchWorkCounts(counts, { q: 'мышь' }, 'ticket', 1, step)).toBe('same');
    // Found by its new text only: counted in.
    const renamed: WorkMove = { before: facts('new'), after: facts('new', 'мышь'), version: 2 };
    expect(patchWorkCounts(counts, { q: 'мышь' }, 'ticket', 1, renamed)).toEqual({
      data: { new: 3, in_progress: 1, closed: 5 },
    });
    expect(patchWorkCounts(counts, { type: 'tasks' }, 'ticket', 1, step)).toBe('same');
  });

  it('«1000+» takes one more as it is; one less from it is asked for', () => {
    const many = { new: 1001, in_progress: 1001, closed: 5 };
    const step: WorkMove = { before: facts('new'), after: facts('in_progress'), version: 2 };
    expect(patchWorkCounts(many, { q: 'ssd' }, 'ticket', 1, step)).toBe('refetch');
    const closing: WorkMove = { before: facts('closed'), after: facts('in_progress'), version: 2 };
    expect(patchWorkCounts(many, { q: 'ssd' }, 'ticket', 1, closing)).toEqual({
      data: { new: 1001, in_progress: 1001, closed: 4 },
    });
    // Without a search every count is exact, however large: patched like any other.
    expect(patchWorkCounts(many, {}, 'ticket', 1, step)).toEqual({
      data: { new: 1000, in_progress: 1002, closed: 5 },
    });
  });

  it('the Корзина counts nowhere', () => {
    const trashed: WorkMove = { before: facts('closed'), after: facts('trash'), version: 2 };
    expect(patchWorkCounts(counts, {}, 'ticket', 1, trashed)).toEqual({
      data: { new: 2, in_progress: 1, closed: 4 },
    });
  });
});
