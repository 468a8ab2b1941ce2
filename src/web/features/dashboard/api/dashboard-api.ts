import { useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '../../../../domain/dashboard';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard's figures; live updates refresh them with the worklist (the key is under `work`). */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.work.dashboard,
    queryFn: async () => (await api<{ dashboard: DashboardDto }>('/api/dashboard')).dashboard,
  });
}
