import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../../domain/routes';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { ClientNewPage } from '../features/clients/components/ClientNewPage';
import { ClientPage } from '../features/clients/components/ClientPage';
import { ClientsPage } from '../features/clients/components/ClientsPage';
import { TaskNewPage } from '../features/tasks/components/TaskNewPage';
import { TaskPage } from '../features/tasks/components/TaskPage';
import { TasksPage } from '../features/tasks/components/TasksPage';
import { TicketNewPage } from '../features/tickets/components/TicketNewPage';
import { TicketPage } from '../features/tickets/components/TicketPage';
import { TicketsPage } from '../features/tickets/components/TicketsPage';
import { EmployeesPage } from '../features/employees/components/EmployeesPage';
import { WorkPage } from '../features/work/components/WorkPage';
import { AppNotFound, NotFoundPage } from './NotFoundPage';
import { RequireAdmin, RequireAuth } from './RequireAuth';
import { AppLayout } from './shell/AppLayout';
import { RouteError } from './RouteError';

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
