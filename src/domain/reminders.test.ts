import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date';
import { digestMessage, overdueMessage, zonedInstant, type DueItem } from './reminders';

describe('zonedInstant: a shop-clock time on a date, as the instant it happens', () => {
  it('09:00 in Москва is 06:00 UTC; in Калининград 07:00; in Камчатка the evening before', () => {
    expect(zonedInstant('2026-11-23', '09:00', 'Europe/Moscow')).toBe('2026-11-23T06:00:00.000Z');
    expect(zonedInstant('2026-11-23', '09:00', 'Europe/Kaliningrad')).toBe('2026-11-23T07:00:00.000Z');
    expect(zonedInstant('2026-11-23', '09:00', 'Asia/Kamchatka')).toBe('2026-11-22T21:00:00.000Z');
  });

  it('keeps minutes and crosses month and year ends', () => {
    expect(zonedInstant('2026-03-01', '00:30', 'Asia/Vladivostok')).toBe('2026-02-28T14:30:00.000Z');
    expect(zonedInstant('2027-01-01', '08:15', 'Asia/Omsk')).toBe('2027-01-01T02:15:00.000Z');
    expect(zonedInstant('2028-02-29', '23:59', 'Europe/Samara')).toBe('2028-02-29T19:59:00.000Z');
  });

  it('addDays crosses month ends and leap days, both ways', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-04', -7)).toBe('2026-12-28');
  });
});

const item = (over: Partial<DueItem>): DueItem => ({
  kind: 'ticket',
  id: 1,
  title: 'Замена SSD',
  dueDate: '2026-11-23',
  newlyOverdue: false,
  ...over,
});

describe('digestMessage: one morning push per person', () => {
  const base = { appName: 'GL Задачи', userId: 7, today: '2026-11-23' };

  it('counts, then names newly overdue first, then the longest overdue, then today, then how many more', () => {
    const message = digestMessage({
      ...base,
      overdue: 3,
      dueToday: 2,
      items: [
        item({ id: 5, title: 'Сегодняшняя', dueDate: '2026-11-23' }),
        item({ id: 4, title: 'Давняя', dueDate: '2026-11-10' }),
        item({ kind: 'task', id: 9, title: 'Забрать плату', dueDate: '2026-11-22', newlyOverdue: true }),
        item({ id: 2, title: 'Ещё давняя', dueDate: '2026-11-12' }),
      ],
    });
    expect(message.body).toBe(
      [
        'Просрочено: 3 · На сегодня: 2',
        'Задача «Забрать плату» — просрочено на 1 дн.',
        '#4 «Давняя» — просрочено на 13 дн.',
        '#2 «Ещё давняя» — просрочено на 11 дн.',
        'и ещё 2',
      ].join('\n'),
    );
    expect(message).toMatchObject({
      title: 'GL Задачи',
      url: '/app/work?assignee=7&order=overdue',
      tag: 'morning-reminder',
    });
  });

  it('leaves out a count of zero and «и ещё» when every item is named', () => {
    const message = digestMessage({ ...base, overdue: 0, dueToday: 1, items: [item({ id: 3 })] });
    expect(message.body).toBe('На сегодня: 1\n#3 «Замена SSD» — сегодня');
  });

  it('shortens a long title so the push stays readable', () => {
    const message = digestMessage({
      ...base,
      overdue: 0,
      dueToday: 1,
      items: [item({ title: 'Я'.repeat(200) })],
    });
    expect(message.body).toContain(`«${'Я'.repeat(59)}…»`);
  });
});

describe('overdueMessage: an item that became overdue during the day', () => {
  it('names the item and the date that passed; opens the item', () => {
    expect(
      overdueMessage(
        'GL Задачи',
        { kind: 'ticket', id: 12, title: 'Ноутбук', dueDate: '2026-11-22' },
        '2026-11-23',
      ),
    ).toEqual({
      title: 'GL Задачи',
      body: 'Просрочена заявка #12 «Ноутбук»: срок был 22.11.2026',
      url: '/app/tickets/12',
      tag: 'ticket-12',
    });
    expect(
      overdueMessage(
        'GL Задачи',
        { kind: 'task', id: 3, title: 'Позвонить', dueDate: '2026-10-31' },
        '2026-11-03',
      ).body,
    ).toBe('Просрочена задача «Позвонить»: срок был 31.10.2026, 3 дн. назад');
  });
});
