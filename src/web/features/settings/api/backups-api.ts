import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface BackupListing {
  backups: { name: string; size: number; createdAt: string }[];
  /** This server is making one now. */
  inProgress: boolean;
  lastFailure: { at: string; message: string } | null;
  schedule: { hour: number | null; keep: number; dir: string };
}

/** The archives, newest first; asked again every two seconds while one is being made. */
export function useBackups() {
  return useQuery({
    queryKey: queryKeys.settings.backups,
    queryFn: () => api<BackupListing>('/api/backups'),
    refetchInterval: (query) => (query.state.data?.inProgress ? 2000 : false),
  });
}

export function useStartBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ started: true }>('/api/backups', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.settings.backups }),
  });
}
