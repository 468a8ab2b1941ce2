import { describe, expect, it } from 'vitest';
import { legacyDueDate, legacyText, legacyTimestamp } from './legacy-values';
import { readLegacyTask, readLegacyTicket, type ReadContext } from './legacy-records';
import { stageSpansOf, statusSinceOf } from './legacy-steps';

describe('legacy timestamps', () => {
  it('reads ISO text and both Firestore forms to the same moment', () => {
    const iso = '2025-03-04T05:06:07.089Z';
    const seconds = Date.parse(iso) / 1000;
    expect(legacyTimestamp(iso)).toBe(iso);
    expect(legacyTimestamp({ seconds: Math.floor(seconds), nanoseconds: 89_000_000 })).toBe(iso);
    expect(legacyTimestamp({ _seconds: Math.floor(seconds), _nanoseconds: 89_000_000 })).toBe(iso);
    expect(legacyTimestamp(Date.parse(iso))).toBe(iso);
    expect(legacyTimestamp('2025-03-04T08:06:07+03:00')).toBe('2025-03-04T05:06:07.000Z');
  });

  it('tells nothing (null) from something unreadable (undefined)', () => {
    for (const none of [null, undefined, '']) expect(legacyTimestamp(none)).toBeNull();
    for (const bad of [
      'вчера',
      '12/11/2024',
      '2024',
      0,
      { seconds: 'x' },
      [],
      '1970-01-01T00:00:00Z',
      true,
    ]) {
      expect(legacyTimestamp(bad)).toBeUndefined();
    }
  });
});

describe('legacy due dates', () => {
  it('reads a date, a Russian date and a moment (its day in the shop’s zone)', () => {
    expect(legacyDueDate('2025-12-31', 'Europe/Moscow')).toBe('2025-12-31');
    expect(legacyDueDate('31.12.2025', 'Europe/Moscow')).toBe('2025-12-31');
    // 22:30 UTC on the 30th is the 31st in Moscow.
    expect(legacyDueDate({ seconds: Date.parse('2025-12-30T22:30:00Z') / 1000 }, 'Europe/Moscow')).toBe(
      '2025-12-31',
    );
    expect(legacyDueDate(null, 'Europe/Moscow')).toBeNull();
    expect(legacyDueDate('31.02.2025', 'Europe/Moscow')).toBeUndefined();
    expect(legacyDueDate('завтра', 'Europe/Moscow')).toBeUndefined();
  });
});

describe('legacy text', () => {
  it('drops control characters, keeping line breaks only in long text', () => {
    expect(legacyText('Иван\u0000ов\n')).toBe('Иван ов');
    expect(legacyText('строка 1\r\nстрока\u0007 2\n', { multiLine: true })).toBe('строка 1\nстрока 2');
    expect(legacyText(42)).toBe('42');
    expect(legacyText({})).toBe('');
  });
});

const context = (): ReadContext => ({
  timeZone: 'Europe/Moscow',
  now: '2026-11-23T00:00:00.000Z',
  warnings: [],
});
const steps = [
  { ts: '2025-01-01T10:00:00Z', action: 'create', newStatus: 'new' },
  { ts: '2025-01-02T10:00:00Z', action: 'status_change', newStatus: 'delivery_requested' },
  { ts: '2025-01-05T10:00:00Z', action: 'status_change', newStatus: 'at_pvz' },
  { ts: '2025-01-06T10:00:00Z', action: 'status_change', newStatus: 'picked_from_pvz' },
];

describe('legacy tickets and tasks', () => {
  it('keeps a legacy status, closes a closed one at its closing step, and times its stages', () => {
    const ctx = context();
    const ticket = readLegacyTicket(
      {
        title: 'Гарантийный ремонт',
        status: 'picked_from_pvz',
        createdAt: '2025-01-01T10:00:00Z',
        history: steps,
      },
      ctx,
    );
    expect(ticket.status).toBe('picked_from_pvz');
    expect(statusSinceOf(ticket)).toBe('2025-01-06T10:00:00.000Z');
    expect(stageSpansOf(ticket).map((s) => [s.status, s.days])).toEqual([
      ['new', 1],
      ['delivery_requested', 3],
      ['at_pvz', 1],
    ]);
    // Back and forth within one second of the old tool: the repeated span is one.
    const twice = readLegacyTicket(
      {
        title: 'Туда и обратно',
        status: 'delivery_requested',
        createdAt: '2025-01-01T10:00:00Z',
        history: [
          ...steps.slice(0, 2),
          { ts: '2025-01-02T10:00:00Z', action: 'status_change', newStatus: 'new' },
          { ts: '2025-01-02T10:00:00Z', action: 'status_change', newStatus: 'delivery_requested' },
        ],
      },
      ctx,
    );
    expect(stageSpansOf(twice).map((s) => [s.status, s.left_at])).toEqual([
      ['new', '2025-01-02T10:00:00.000Z'],
      ['delivery_requested', '2025-01-02T10:00:00.000Z'],
    ]);
    const closed = readLegacyTicket(
      {
        title: 'Замена SSD',
        status: 'closed',
        history: [...steps, { ts: '2025-02-01T00:00:00Z', action: 'status_change', newStatus: 'closed' }],
      },
      ctx,
    );
    // No createdAt: the first history entry's time.
    expect(closed.createdAt).toBe('2025-01-01T10:00:00.000Z');
    expect(closed.closedAt).toBe('2025-02-01T00:00:00.000Z');
    expect(ctx.warnings).toEqual([]);
  });

  it('refuses an unknown status or a missing title, and warns of what it drops', () => {
    const ctx = context();
    expect(() => readLegacyTicket({ title: 'x', status: 'lost', createdAt: '2025-01-01' }, ctx)).toThrow(
      'неизвестный статус «lost»',
    );
    expect(() => readLegacyTask({ status: 'todo', createdAt: '2025-01-01' }, ctx)).toThrow('нет названия');
    const task = readLegacyTask(
      {
        title: 'Забрать',
        status: 'done',
        createdAt: '2025-01-01',
        dueDate: 'потом',
        deliveryProvider: 'dpd',
      },
      ctx,
    );
    expect(task.status).toBe('done');
    expect(task.closedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(task.dueDate).toBeNull();
    expect(ctx.warnings).toHaveLength(2);
  });
});
