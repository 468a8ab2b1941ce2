import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientMergeDto } from '../../../../domain/client-merge';
import { api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { queryKeys } from '../../../lib/query-keys';

/** The merge a client in the Корзина can still undo (issue 49). */
export const useOpenMerge = (clientId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.clients.detail(clientId), 'merge'],
    queryFn: async () =>
      (await api<{ merge: { intoId: number; intoName: string } | null }>(`/api/clients/${clientId}/merge`))
        .merge,
    enabled,
  });

export function useClientMerge() {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.clients.all });
    void client.invalidateQueries({ queryKey: queryKeys.tickets.all });
    void client.invalidateQueries({ queryKey: queryKeys.tasks.all });
  };
  return {
    merge: useMutation({
      mutationFn: async ({ fromId, intoId }: { fromId: number; intoId: number }) =>
        (
          await api<{ merge: ClientMergeDto }>(`/api/clients/${fromId}/merge`, {
            method: 'POST',
            body: { intoId },
          })
        ).merge,
      onSuccess: refresh,
    }),
    // The toasts live here, not in mutate()'s callbacks: «Отменить» is tapped after the merged
    // card has gone, and callbacks given to mutate() are dropped with their component.
    undo: useMutation({
      mutationFn: async (fromId: number) =>
        (await api<{ merge: ClientMergeDto }>(`/api/clients/${fromId}/unmerge`, { method: 'POST' })).merge,
      onSuccess: () => {
        refresh();
        toast.success('Объединение отменено');
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  };
}
