import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RecordKind } from '../../domain/records';
import type { TrashItemDto } from '../../domain/trash';
import { api } from './api';
import { queryKeys, recordDetailKey } from './query-keys';
import { usePagedQuery } from './record-queries';

/** The API path of each kind of record. */
export const RECORD_PATHS: Record<RecordKind, string> = {
  ticket: '/api/tickets',
  task: '/api/tasks',
  client: '/api/clients',
};

/** What a move into or out of the Корзина makes stale: the record, every list, the Корзина. */
function refreshAfter(client: QueryClient, kind: RecordKind, id: number) {
  void client.invalidateQueries({ queryKey: recordDetailKey(kind, id) });
  for (const queryKey of [
    queryKeys.tickets.lists,
    queryKeys.tasks.lists,
    queryKeys.clients.lists,
    queryKeys.work.all,
    queryKeys.trash,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}

/** «Удалить»: into the Корзина (anyone). */
export function useMoveToTrash(kind: RecordKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${RECORD_PATHS[kind]}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => refreshAfter(client, kind, id),
  });
}

/** «Восстановить» (anyone). */
export function useRestore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: RecordKind; id: number }) =>
      api<void>(`/api/trash/${kind}/${id}/restore`, { method: 'POST' }),
    onSuccess: (_, { kind, id }) => refreshAfter(client, kind, id),
  });
}

/** «Удалить навсегда» (admins). */
export function useDeleteForever() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: RecordKind; id: number }) =>
      api<void>(`/api/trash/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, { kind, id }) => {
      // Not removed while its card may still be on screen (that would refetch a 404 into
      // view before the screen moves on); stale, it is fetched again if opened.
      void client.invalidateQueries({ queryKey: recordDetailKey(kind, id), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: queryKeys.trash });
    },
  });
}

/** «Очистить корзину» (admins). */
export function useEmptyTrash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deleted: number }>('/api/trash', { method: 'DELETE' }),
    onSuccess: () => {
      // Open cards of what went answer 404 on their refetch ('… не найдена').
      for (const queryKey of [
        queryKeys.tickets.all,
        queryKeys.tasks.all,
        queryKeys.clients.all,
        queryKeys.trash,
      ]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export const useTrashList = () => usePagedQuery<TrashItemDto>(queryKeys.trash, '/api/trash', {});
