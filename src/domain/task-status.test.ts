import { describe, expect, it } from 'vitest';
import { closedAtAfter, readTaskStatus, storedTaskStatuses, TASK_STATUS_LABELS } from './task-status';

describe('task statuses', () => {
  it.each([
    ['new', 'new'],
    ['in_progress', 'in_progress'],
    ['closed', 'closed'],
    ['todo', 'new'],
    ['done', 'closed'],
    ['something else', 'new'],
  ])('stored %j reads as %j', (stored, expected) => {
    expect(readTaskStatus(stored)).toBe(expected);
  });

  it('filters legacy values in with their mapped ones', () => {
    expect(storedTaskStatuses('new')).toEqual(['new', 'todo']);
    expect(storedTaskStatuses('in_progress')).toEqual(['in_progress']);
    expect(storedTaskStatuses('closed')).toEqual(['closed', 'done']);
  });

  it('labels in Russian', () => {
    expect(TASK_STATUS_LABELS).toEqual({ new: 'Новая', in_progress: 'В работе', closed: 'Закрыта' });
  });
});

describe('closedAtAfter', () => {
  const now = '2026-11-22T10:00:00.000Z';
  const earlier = '2026-11-20T08:00:00.000Z';
  it.each([
    ['closed', null, now],
    ['closed', earlier, earlier],
    ['new', earlier, null],
    ['in_progress', earlier, null],
    ['in_progress', null, null],
  ] as const)('%s with previous %j -> %j', (status, previous, expected) => {
    expect(closedAtAfter(status, previous, now)).toBe(expected);
  });
});
