import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../domain/routes';
import { appRoutes } from './router';

/** The route a path lands on: its pattern, or '*' for a not-found page. */
function landsOn(path: string): string | undefined {
  return matchRoutes(appRoutes, path)?.at(-1)?.route.path;
}

describe('the router is built from paths', () => {
  it.each([
    paths.login,
    paths.register,
    paths.work,
    paths.clients,
    paths.clientNew,
    paths.client(12),
    paths.tickets,
    paths.ticketNew,
    paths.ticket(7),
    paths.tasks,
    paths.taskNew,
    paths.task(3),
    paths.employees,
  ])('%s has its own page', (path) => {
    const route = landsOn(path);
    expect(route).toBeDefined();
    expect(route).not.toBe('*');
  });

  it('an unknown page inside the app and outside it land on a not-found page', () => {
    expect(landsOn('/app/nothing')).toBe('*');
    expect(landsOn('/nothing')).toBe('*');
  });
});
