import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../../domain/routes';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { WorkPage } from '../features/work/components/WorkPage';
import { AppNotFound, NotFoundPage } from './NotFoundPage';
import { RequireAdmin, RequireAuth } from './RequireAuth';
import { AppLayout } from './shell/AppLayout';
import { RouteError } from './RouteError';

// Every screen but the worklist loads on first visit, so the worklist's first paint runs less code.
const ClientNewPage = lazy(() =>
  import('../features/clients/components/ClientNewPage').then((m) => ({ default: m.ClientNewPage })),
);
const ClientPage = lazy(() =>
  import('../features/clients/components/ClientPage').then((m) => ({ default: m.ClientPage })),
);
const ClientsPage = lazy(() =>
  import('../features/clients/components/ClientsPage').then((m) => ({ default: m.ClientsPage })),
);
const EmployeesPage = lazy(() =>
  import('../features/employees/components/EmployeesPage').then((m) => ({ default: m.EmployeesPage })),
);
const TaskNewPage = lazy(() =>
  import('../features/tasks/components/TaskNewPage').then((m) => ({ default: m.TaskNewPage })),
);
const TaskPage = lazy(() =>
  import('../features/tasks/components/TaskPage').then((m) => ({ default: m.TaskPage })),
);
const TasksPage = lazy(() =>
  import('../features/tasks/components/TasksPage').then((m) => ({ default: m.TasksPage })),
);
const TicketNewPage = lazy(() =>
  import('../features/tickets/components/TicketNewPage').then((m) => ({ default: m.TicketNewPage })),
);
const TicketPage = lazy(() =>
  import('../features/tickets/components/TicketPage').then((m) => ({ default: m.TicketPage })),
);
const TicketsPage = lazy(() =>
  import('../features/tickets/components/TicketsPage').then((m) => ({ default: m.TicketsPage })),
);

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.app} replace /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      {
        path: paths.app,
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.work} replace /> },
          { path: 'work', element: <WorkPage /> },
          { path: 'tickets', element: <TicketsPage /> },
          { path: 'tickets/new', element: <TicketNewPage /> },
          { path: 'tickets/:id', element: <TicketPage /> },
          { path: 'tasks', element: <TasksPage /> },
          { path: 'tasks/new', element: <TaskNewPage /> },
          { path: 'tasks/:id', element: <TaskPage /> },
          { path: 'clients', element: <ClientsPage /> },
          { path: 'clients/new', element: <ClientNewPage /> },
          { path: 'clients/:id', element: <ClientPage /> },
          {
            path: 'employees',
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
]);
