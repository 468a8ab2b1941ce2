/** Paths of the web app, shared so that links and the server's 404 status agree. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  app: '/app',
  work: '/app/work',
  clients: '/app/clients',
  clientNew: '/app/clients/new',
  client: (id: number) => `/app/clients/${id}`,
  tickets: '/app/tickets',
  ticketNew: '/app/tickets/new',
  ticket: (id: number) => `/app/tickets/${id}`,
  tasks: '/app/tasks',
  taskNew: '/app/tasks/new',
  task: (id: number) => `/app/tasks/${id}`,
  employees: '/app/employees',
} as const;

const PUBLIC_PAGES = new Set<string>([paths.root, paths.login, paths.register]);

/**
 * Whether the web app has a page at this path. Everything under /app is the app's
 * (it shows its own 'Страница не найдена'); any other unknown path is a real 404.
 */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.has(path) || path === paths.app || path.startsWith(`${paths.app}/`);
}
