import { describe, expect, it } from 'vitest';
import {
  compareWork,
  workGroup,
  workHighlight,
  workSortKey,
  workState,
  type WorkOrderFields,
} from './worklist';

const base = { title: 'Задача', dueDate: null, createdAt: '2026-11-01T10:00:00.000Z', closedAt: null };
const ticket = (id: number, status: string, extra: Partial<WorkOrderFields> = {}): WorkOrderFields => ({
  ...base,
  kind: 'ticket',
  id,
  status,
  title: 'Гарантийный ремонт',
  ...extra,
});
const task = (id: number, status: string, extra: Partial<WorkOrderFields> = {}): WorkOrderFields => ({
  ...base,
  kind: 'task',
  id,
  status,
  ...extra,
});

describe('workState', () => {
  it.each([
    ['ticket', 'new', 'new'],
    ['ticket', 'delivery_requested', 'in_progress'],
    ['ticket', 'notify_client', 'in_progress'],
    ['ticket', 'picked_from_pvz', 'in_progress'],
    ['ticket', 'returned', 'in_progress'],
    ['ticket', 'closed', 'closed'],
    ['task', 'new', 'new'],
    ['task', 'todo', 'new'],
    ['task', 'in_progress', 'in_progress'],
    ['task', 'done', 'closed'],
    ['task', 'closed', 'closed'],
  ] as const)('%s %s -> %s', (kind, status, expected) => {
    expect(workState(kind, status)).toBe(expected);
  });
});

describe('workGroup and highlight', () => {
  it.each([
    [ticket(1, 'to_pvz'), 1, 'urgent'],
    [ticket(1, 'at_pvz'), 2, 'urgent'],
    [task(1, 'new', { title: 'Забрать плату у клиента' }), 3, 'urgent'],
    [task(1, 'in_progress', { title: 'заБРАТЬ посылку' }), 3, 'urgent'],
    [task(1, 'todo', { title: 'Надо забрать' }), 3, 'urgent'],
    [ticket(1, 'new'), 4, null],
    [ticket(1, 'in_repair'), 4, null],
    [ticket(1, 'picked_from_pvz'), 4, null],
    [task(1, 'new', { title: 'Позвонить' }), 5, null],
    [ticket(1, 'closed'), 9, 'closed'],
    [task(1, 'done', { title: 'Забрать' }), 9, 'closed'],
  ] as const)('%o -> group %i, %s', (item, group, highlight) => {
    expect(workGroup(item)).toBe(group);
    expect(workHighlight(item)).toBe(highlight);
  });
});

describe('compareWork', () => {
  it('orders every group, dated before undated, then by creation, closed last newest first', () => {
    const items = [
      task(1, 'closed', { closedAt: '2026-11-10T00:00:00.000Z' }),
      ticket(2, 'closed', { closedAt: '2026-11-12T00:00:00.000Z' }),
      task(3, 'new', { title: 'Позвонить' }),
      ticket(4, 'new', { dueDate: '2026-12-01' }),
      ticket(5, 'in_repair', { createdAt: '2026-10-01T00:00:00.000Z' }),
      task(6, 'new', { title: 'Забрать плату', dueDate: '2026-12-31' }),
      task(7, 'new', { title: 'Забрать коробку' }),
      ticket(8, 'at_pvz'),
      ticket(9, 'to_pvz', { dueDate: '2026-11-30' }),
      ticket(10, 'to_pvz'),
      ticket(11, 'new', { dueDate: '2026-11-15' }),
    ];
    const order = [...items].sort(compareWork).map((i) => `${i.kind[1]}${i.id}`);
    expect(order).toEqual(['i9', 'i10', 'i8', 'a6', 'a7', 'i11', 'i4', 'i5', 'a3', 'i2', 'a1']);
  });

  it('breaks exact ties by kind, then number', () => {
    const a = ticket(5, 'closed', { closedAt: '2026-11-12T00:00:00.000Z' });
    const b = task(2, 'closed', { closedAt: '2026-11-12T00:00:00.000Z' });
    const c = ticket(3, 'closed', { closedAt: '2026-11-12T00:00:00.000Z' });
    expect([a, b, c].sort(compareWork).map((i) => i.id)).toEqual([3, 5, 2]);
  });

  it('puts a closed item without a closing time after the other closed ones', () => {
    const known = ticket(1, 'closed', { closedAt: '2020-01-01T00:00:00.000Z' });
    const unknown = ticket(2, 'closed', { closedAt: null });
    expect([unknown, known].sort(compareWork).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe('workSortKey', () => {
  it('has a fixed width of digits', () => {
    for (const item of [ticket(1, 'to_pvz', { dueDate: '2026-11-30' }), task(2, 'done'), task(3, 'new')]) {
      expect(workSortKey(item)).toMatch(/^\d{23}$/);
    }
  });
});
