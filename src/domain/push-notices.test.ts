import { describe, expect, it } from 'vitest';
import { noticesFor } from './push-notices';

const ticket = (assigneeId: number | null) => ({ id: 12, title: 'Замена SSD', assigneeId });
const task = (assigneeId: number | null) => ({ id: 7, title: 'Забрать плату', assigneeId });

describe('noticesFor', () => {
  it.each([
    [
      { kind: 'ticket_created', ticket: ticket(5) },
      5,
      'Вам назначена заявка #12 «Замена SSD»',
      '/app/tickets/12',
    ],
    [
      { kind: 'ticket_created', ticket: ticket(null) },
      'admins',
      'Новая заявка без исполнителя: #12 «Замена SSD»',
      '/app/tickets/12',
    ],
    [
      { kind: 'ticket_assigned', ticket: ticket(5) },
      5,
      'Вам назначена заявка #12 «Замена SSD»',
      '/app/tickets/12',
    ],
    [
      { kind: 'ticket_stepped', ticket: ticket(5), status: 'in_repair' },
      5,
      'Заявка #12 «Замена SSD»: В ремонте',
      '/app/tickets/12',
    ],
    [
      { kind: 'ticket_stepped', ticket: ticket(5), status: 'repair_done', intake: 'walk_in' },
      5,
      'Заявка #12 «Замена SSD»: Готов к выдаче',
      '/app/tickets/12',
    ],
    [{ kind: 'task_created', task: task(5) }, 5, 'Вам назначена задача «Забрать плату»', '/app/tasks/7'],
    [{ kind: 'task_assigned', task: task(5) }, 5, 'Вам назначена задача «Забрать плату»', '/app/tasks/7'],
  ] as const)('%o goes to %s', (change, to, body, url) => {
    expect(noticesFor(change)).toEqual([expect.objectContaining({ to, body, url })]);
  });

  it.each([
    { kind: 'ticket_assigned', ticket: ticket(null) },
    { kind: 'ticket_stepped', ticket: ticket(null), status: 'closed' },
    { kind: 'task_created', task: task(null) },
    { kind: 'task_assigned', task: task(null) },
  ] as const)('tells nobody about %o', (change) => {
    expect(noticesFor(change)).toEqual([]);
  });

  it('marks assignments urgent and status news not, one tag per item', () => {
    expect(noticesFor({ kind: 'ticket_assigned', ticket: ticket(5) })[0]).toMatchObject({
      urgent: true,
      tag: 'ticket-12',
    });
    expect(noticesFor({ kind: 'ticket_stepped', ticket: ticket(5), status: 'closed' })[0]).toMatchObject({
      urgent: false,
      tag: 'ticket-12',
    });
    expect(noticesFor({ kind: 'task_created', task: task(5) })[0]?.tag).toBe('task-7');
  });
});
