import type { RouteScopes } from '../http/route-scopes';
import type { DashboardService } from './dashboard.service';

/** The owner's dashboard (issue 20): every signed-in person may read it, as they may the worklist. */
export function registerDashboardRoutes({ staff }: RouteScopes, dashboard: DashboardService) {
  staff.get('/api/dashboard', async () => ({ dashboard: await dashboard.read() }));
}
