import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../domain/routes';
import { LoginPage } from '../features/auth/components/LoginPage';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { WorkPage } from '../features/work/components/WorkPage';
import { AppNotFound, NotFoundPage } from './NotFoundPage';
import { RequireAdmin, RequireAuth } from './RequireAuth';
import { AppLayout } from './shell/AppLayout';
import { RouteError } from './RouteError';

// Every screen but the worklist loads on first visit, so the worklist's first paint runs less code.
const screens = {
  ClientNewPage: () =>
    import('../features/clients/components/ClientNewPage').then((m) => ({ default: m.ClientNewPage })),
  ClientPage: () =>
    import('../features/clients/components/ClientPage').then((m) => ({ default: m.ClientPage })),
  ClientsPage: () =>
    import('../features/clients/components/ClientsPage').then((m) => ({ default: m.ClientsPage })),
  EmployeesPage: () =>
    import('../features/employees/components/EmployeesPage').then((m) => ({ default: m.EmployeesPage })),
  TaskNewPage: () =>
    import('../features/tasks/components/TaskNewPage').then((m) => ({ default: m.TaskNewPage })),
  TaskPage: () => import('../features/tasks/components/TaskPage').then((m) => ({ default: m.TaskPage })),
  TasksPage: () => import('../features/tasks/components/TasksPage').then((m) => ({ default: m.TasksPage })),
  TicketNewPage: () =>
    import('../features/tickets/components/TicketNewPage').then((m) => ({ default: m.TicketNewPage })),
  TicketPage: () =>
    import('../features/tickets/components/TicketPage').then((m) => ({ default: m.TicketPage })),
  TicketsPage: () =>
    import('../features/tickets/components/TicketsPage').then((m) => ({ default: m.TicketsPage })),
  TrashPage: () => import('../features/trash/components/TrashPage').then((m) => ({ default: m.TrashPage })),
};
const ClientNewPage = lazy(screens.ClientNewPage);
const ClientPage = lazy(screens.ClientPage);
const ClientsPage = lazy(screens.ClientsPage);
const EmployeesPage = lazy(screens.EmployeesPage);
const TaskNewPage = lazy(screens.TaskNewPage);
const TaskPage = lazy(screens.TaskPage);
const TasksPage = lazy(screens.TasksPage);
const TicketNewPage = lazy(screens.TicketNewPage);
const TicketPage = lazy(screens.TicketPage);
const TicketsPage = lazy(screens.TicketsPage);
const TrashPage = lazy(screens.TrashPage);

/** Fetches the other screens in the background once the worklist is up, so opening one is instant. */
export function preloadScreens() {
  for (const load of Object.values(screens)) void load();
}

/** Every page, built from `paths` (src/domain/routes.ts). */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.app} replace /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      {
        path: paths.app,
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.work} replace /> },
          { path: paths.work, element: <WorkPage /> },
          { path: paths.tickets, element: <TicketsPage /> },
          { path: paths.ticketNew, element: <TicketNewPage /> },
          { path: paths.ticket(':id'), element: <TicketPage /> },
          { path: paths.tasks, element: <TasksPage /> },
          { path: paths.taskNew, element: <TaskNewPage /> },
          { path: paths.task(':id'), element: <TaskPage /> },
          { path: paths.clients, element: <ClientsPage /> },
          { path: paths.clientNew, element: <ClientNewPage /> },
          { path: paths.client(':id'), element: <ClientPage /> },
          { path: paths.trash, element: <TrashPage /> },
          {
            path: paths.employees,
            element: (
              <RequireAdmin fallback={<AppNotFound />}>
                <EmployeesPage />
              </RequireAdmin>
            ),
          },
          { path: '*', element: <AppNotFound /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
