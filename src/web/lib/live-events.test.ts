import { describe, expect, it } from 'vitest';
import { affectedQueries } from './live-events';

describe('affectedQueries', () => {
  it.each([
    [{ entity: 'ticket', id: 7, op: 'update' }, [['tickets', 'detail', 7], ['tickets', 'list'], ['work']]],
    [{ entity: 'task', id: 3, op: 'delete' }, [['tasks', 'detail', 3], ['tasks', 'list'], ['work']]],
    [
      { entity: 'client', id: 5, op: 'update' },
      [['clients', 'detail', 5], ['clients', 'list'], ['tickets'], ['tasks'], ['work']],
    ],
    [{ entity: 'user', id: 2, op: 'update' }, [['me'], ['employees'], ['users']]],
    [{ entity: 'settings', id: null, op: 'update' }, [['settings']]],
  ] as const)('%o', (event, keys) => {
    expect(affectedQueries(event)).toEqual(keys);
  });
});
