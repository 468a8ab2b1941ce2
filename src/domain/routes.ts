/** A record's id in a link, or `:id` in the router's pattern for it. */
type IdOrParam = number | ':id';

/**
 * Paths of the web app: the router is built from these, links use them, and the
 * server's 404 status reads them, so the three cannot disagree.
 */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  app: '/app',
  work: '/app/work',
  dashboard: '/app/dashboard',
  clients: '/app/clients',
  clientNew: '/app/clients/new',
  client: (id: IdOrParam) => `/app/clients/${id}`,
  tickets: '/app/tickets',
  ticketNew: '/app/tickets/new',
  ticket: (id: IdOrParam) => `/app/tickets/${id}`,
  /** A ticket's paper to print (src/domain/ticket-documents.ts): receipt, act or label. */
  ticketPrint: (id: IdOrParam, kind: string) => `/app/tickets/${id}/print/${kind}`,
  /** A device's story by its serial / IMEI key (src/domain/device-key.ts). */
  device: (key: string) => `/app/devices/${key}`,
  tasks: '/app/tasks',
  taskNew: '/app/tasks/new',
  task: (id: IdOrParam) => `/app/tasks/${id}`,
  employees: '/app/employees',
  trash: '/app/trash',
  /** The cash desk (issue 50): the open shift and the past ones. */
  cash: '/app/cash',
  cashShift: (id: IdOrParam) => `/app/cash/shifts/${id}`,
  /** A payer's statement for a period (issue 50). */
  payerStatement: (id: IdOrParam) => `/app/payers/${id}`,
  /** «Отчёты» (issues 52, 53). */
  reports: '/app/reports',
  /** One's own pay statement (issue 53). */
  myPay: '/app/pay/mine',
  /** Parts and stock (issue 51). */
  stock: '/app/stock',
  stockLow: '/app/stock?low=1',
  part: (id: IdOrParam) => `/app/stock/parts/${id}`,
  partLabel: (id: IdOrParam) => `/app/stock/parts/${id}/label`,
  stockReceipts: '/app/stock/receipts',
  stockReceiptNew: '/app/stock/receipts/new',
  stockCount: '/app/stock/count',
  stockImport: '/app/stock/import',
  suppliers: '/app/stock/suppliers',
  settings: '/app/settings',
  /** «Перенос из другой программы» (issue 56). */
  sheetImport: '/app/settings/import',
} as const;

const PUBLIC_PAGES = new Set<string>([
  paths.root,
  paths.login,
  paths.register,
  paths.resetPassword,
  paths.forgotPassword,
]);

/**
 * Whether the web app has a page at this path. Everything under /app is the app's
 * (it shows its own 'Страница не найдена'); any other unknown path is a real 404.
 */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.has(path) || path === paths.app || path.startsWith(`${paths.app}/`);
}

/** A one-time password link: the token rides in the fragment, which browsers never send to a server. */
export function resetPasswordLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${paths.resetPassword}#${token}`;
}
