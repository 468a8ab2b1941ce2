import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../domain/routes';
import { LoginPage } from '../features/auth/components/LoginPage';
import { CenteredMessage } from '../components/CenteredMessage';
import { AppNotFound, NotFoundPage } from './NotFoundPage';
import { RequireAccess, RequireAuth } from './RequireAuth';
import { preloadWorkTable } from '../features/work/components/work-table-loader';
import { preloadable } from '../lib/preloadable';
import { RouteError, ScreenError } from './RouteError';

// Every screen but the login loads on demand, so the login runs less code; the forms with
// shared zod schemas are all among these.
/** A screen that needs Mantine's full style sheet: it shows once both have arrived. */
function styled<T>(screen: Promise<T>): Promise<T> {
  return Promise.all([import('./full-styles'), screen]).then(([, loaded]) => loaded);
}

const screens = {
  ForgotPasswordPage: preloadable(() =>
    styled(import('../features/auth/components/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
  ),
  RegisterPage: preloadable(() =>
    styled(import('../features/auth/components/RegisterPage').then((m) => m.RegisterPage)),
  ),
  ResetPasswordPage: preloadable(() =>
    styled(import('../features/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  ),
  ClientNewPage: preloadable(() =>
    styled(import('../features/clients/components/ClientNewPage').then((m) => m.ClientNewPage)),
  ),
  ClientPage: preloadable(() =>
    styled(import('../features/clients/components/ClientPage').then((m) => m.ClientPage)),
  ),
  ClientsPage: preloadable(() =>
    styled(import('../features/clients/components/ClientsPage').then((m) => m.ClientsPage)),
  ),
  EmployeesPage: preloadable(() =>
    styled(import('../features/employees/components/EmployeesPage').then((m) => m.EmployeesPage)),
  ),
  TaskNewPage: preloadable(() =>
    styled(import('../features/tasks/components/TaskNewPage').then((m) => m.TaskNewPage)),
  ),
  TaskPage: preloadable(() =>
    styled(import('../features/tasks/components/TaskPage').then((m) => m.TaskPage)),
  ),
  TasksPage: preloadable(() =>
    styled(import('../features/tasks/components/TasksPage').then((m) => m.TasksPage)),
  ),
  TicketNewPage: preloadable(() =>
    styled(import('../features/tickets/components/TicketNewPage').then((m) => m.TicketNewPage)),
  ),
  TicketPage: preloadable(() =>
    styled(import('../features/tickets/components/TicketPage').then((m) => m.TicketPage)),
  ),
  TicketPrintPage: preloadable(() =>
    styled(import('../features/tickets/components/TicketPrintPage').then((m) => m.TicketPrintPage)),
  ),
  DevicePage: preloadable(() =>
    styled(import('../features/tickets/components/DevicePage').then((m) => m.DevicePage)),
  ),
  TicketsPage: preloadable(() =>
    styled(import('../features/tickets/components/TicketsPage').then((m) => m.TicketsPage)),
  ),
  SettingsPage: preloadable(() =>
    styled(import('../features/settings/components/SettingsPage').then((m) => m.SettingsPage)),
  ),
  SheetImportPage: preloadable(() =>
    styled(import('../features/settings/components/SheetImportPage').then((m) => m.SheetImportPage)),
  ),
  DashboardPage: preloadable(() =>
    styled(import('../features/dashboard/components/DashboardPage').then((m) => m.DashboardPage)),
  ),
  CashPage: preloadable(() => styled(import('../features/money/public').then((m) => m.CashPage))),
  ShiftReportPage: preloadable(() =>
    styled(import('../features/money/public').then((m) => m.ShiftReportPage)),
  ),
  PayerStatementPage: preloadable(() =>
    styled(import('../features/money/public').then((m) => m.PayerStatementPage)),
  ),
  ReportsPage: preloadable(() => styled(import('../features/reports/public').then((m) => m.ReportsPage))),
  MyPayPage: preloadable(() => styled(import('../features/pay/public').then((m) => m.MyPayPage))),
  StockPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.StockPage))),
  PartPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.PartPage))),
  PartLabelPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.PartLabelPage))),
  ReceiptNewPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.ReceiptNewPage))),
  ReceiptsPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.ReceiptsPage))),
  SuppliersPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.SuppliersPage))),
  CountPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.CountPage))),
  ImportPage: preloadable(() => styled(import('../features/stock/public').then((m) => m.ImportPage))),
  TrashPage: preloadable(() =>
    styled(import('../features/trash/components/TrashPage').then((m) => m.TrashPage)),
  ),
  // The signed-in shell and the worklist: started by preloadForPath() as the page starts.
  AppLayout: preloadable(() => import('./shell/AppLayout').then((m) => m.AppLayout)),
  WorkPage: preloadable(() => import('../features/work/components/WorkPage').then((m) => m.WorkPage)),
};
const ForgotPasswordPage = screens.ForgotPasswordPage.Component;
const RegisterPage = screens.RegisterPage.Component;
const ResetPasswordPage = screens.ResetPasswordPage.Component;
const ClientNewPage = screens.ClientNewPage.Component;
const ClientPage = screens.ClientPage.Component;
const ClientsPage = screens.ClientsPage.Component;
const EmployeesPage = screens.EmployeesPage.Component;
const TaskNewPage = screens.TaskNewPage.Component;
const TaskPage = screens.TaskPage.Component;
const TasksPage = screens.TasksPage.Component;
const TicketNewPage = screens.TicketNewPage.Component;
const TicketPage = screens.TicketPage.Component;
const TicketsPage = screens.TicketsPage.Component;
const DevicePage = screens.DevicePage.Component;
const TicketPrintPage = screens.TicketPrintPage.Component;
const TrashPage = screens.TrashPage.Component;
const CashPage = screens.CashPage.Component;
const ShiftReportPage = screens.ShiftReportPage.Component;
const PayerStatementPage = screens.PayerStatementPage.Component;
const MyPayPage = screens.MyPayPage.Component;
const ReportsPage = screens.ReportsPage.Component;
const DashboardPage = screens.DashboardPage.Component;
const StockPage = screens.StockPage.Component;
const PartPage = screens.PartPage.Component;
const PartLabelPage = screens.PartLabelPage.Component;
const ReceiptNewPage = screens.ReceiptNewPage.Component;
const ReceiptsPage = screens.ReceiptsPage.Component;
const SuppliersPage = screens.SuppliersPage.Component;
const CountPage = screens.CountPage.Component;
const ImportPage = screens.ImportPage.Component;
const SettingsPage = screens.SettingsPage.Component;
const SheetImportPage = screens.SheetImportPage.Component;
const AppLayout = screens.AppLayout.Component;
const WorkPage = screens.WorkPage.Component;

/**
 * Starts loading the code an address needs before React renders anything, so on a slow
 * line it travels together with the session check and the worklist's data (issue 17).
 */
export function preloadForPath(pathname: string): Promise<unknown> {
  if (!pathname.startsWith(paths.app)) return Promise.resolve();
  const loads: Promise<unknown>[] = [screens.AppLayout.load()];
  if (pathname === paths.work || pathname === paths.app || pathname === `${paths.app}/`) {
    loads.push(screens.WorkPage.load().then(() => preloadWorkTable()));
  }
  return Promise.all(loads);
}

/**
 * Fetches the other screens in the background once the first is up, so opening one is
 * instant. On a signed-out page only what signing in leads to: the shell and the worklist.
 */
export function preloadScreens(pathname: string) {
  const wanted = pathname.startsWith(paths.app)
    ? Object.values(screens)
    : [screens.AppLayout, screens.WorkPage];
  for (const screen of wanted) void screen.load().catch(() => undefined);
}

/** A signed-out screen loaded on first visit: the spec's «Загрузка...» meanwhile. */
function signedOut(screen: ReactNode) {
  return <Suspense fallback={<CenteredMessage title="Загрузка..." />}>{screen}</Suspense>;
}

/** Every page, built from `paths` (src/domain/routes.ts). */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.app} replace /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: signedOut(<RegisterPage />) },
      { path: paths.resetPassword, element: signedOut(<ResetPasswordPage />) },
      { path: paths.forgotPassword, element: signedOut(<ForgotPasswordPage />) },
      {
        // A paper to print: the whole window, without the app's header and menu.
        path: paths.ticketPrint(':id', ':kind'),
        element: (
          <RequireAuth>
            <Suspense fallback={<CenteredMessage title="Загрузка..." />}>
              <TicketPrintPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        // A part's label: the whole window, like a ticket's paper.
        path: paths.partLabel(':id'),
        element: (
          <RequireAuth>
            <Suspense fallback={<CenteredMessage title="Загрузка..." />}>
              <PartLabelPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: paths.app,
        element: (
          <RequireAuth>
            <Suspense fallback={<CenteredMessage title="Загрузка..." />}>
              <AppLayout />
            </Suspense>
          </RequireAuth>
        ),
        children: [
          {
            // A failing screen shows its error under the header (ScreenError), not instead of it.
            errorElement: <ScreenError />,
            children: [
              { index: true, element: <Navigate to={paths.work} replace /> },
              { path: paths.work, element: <WorkPage /> },
              { path: paths.tickets, element: <TicketsPage /> },
              { path: paths.ticketNew, element: <TicketNewPage /> },
              { path: paths.ticket(':id'), element: <TicketPage /> },
              { path: paths.device(':serial'), element: <DevicePage /> },
              { path: paths.tasks, element: <TasksPage /> },
              { path: paths.taskNew, element: <TaskNewPage /> },
              { path: paths.task(':id'), element: <TaskPage /> },
              { path: paths.clients, element: <ClientsPage /> },
              { path: paths.clientNew, element: <ClientNewPage /> },
              { path: paths.client(':id'), element: <ClientPage /> },
              { path: paths.trash, element: <TrashPage /> },
              { path: paths.dashboard, element: <DashboardPage /> },
              ...(
                [
                  [paths.cash, <CashPage key="cash" />],
                  [paths.cashShift(':id'), <ShiftReportPage key="shift" />],
                ] as const
              ).map(([path, page]) => ({
                path,
                element: <RequireAccess access={['cash.shift']}>{page}</RequireAccess>,
              })),
              { path: paths.stock, element: <StockPage /> },
              { path: paths.part(':id'), element: <PartPage /> },
              ...(
                [
                  [paths.stockReceipts, <ReceiptsPage key="receipts" />],
                  [paths.stockReceiptNew, <ReceiptNewPage key="receipt" />],
                  [paths.stockCount, <CountPage key="count" />],
                  [paths.stockImport, <ImportPage key="import" />],
                  [paths.suppliers, <SuppliersPage key="suppliers" />],
                ] as const
              ).map(([path, page]) => ({
                path,
                element: <RequireAccess access={['stock.manage']}>{page}</RequireAccess>,
              })),
              {
                path: paths.settings,
                element: (
                  <RequireAccess access={['settings', 'backups']}>
                    <SettingsPage />
                  </RequireAccess>
                ),
              },
              {
                path: paths.sheetImport,
                element: (
                  <RequireAccess access={['settings']}>
                    <SheetImportPage />
                  </RequireAccess>
                ),
              },
              {
                path: paths.reports,
                element: (
                  <RequireAccess access={['reports', 'pay']}>
                    <ReportsPage />
                  </RequireAccess>
                ),
              },
              { path: paths.myPay, element: <MyPayPage /> },
              {
                path: paths.payerStatement(':id'),
                element: (
                  <RequireAccess access={['reports']}>
                    <PayerStatementPage />
                  </RequireAccess>
                ),
              },
              {
                path: paths.employees,
                element: (
                  <RequireAccess access={'owner'}>
                    <EmployeesPage />
                  </RequireAccess>
                ),
              },
              { path: '*', element: <AppNotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
