import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientCreateInput, ClientDto, ClientPatchInput } from '../../../../domain/client-schemas';
import { api } from '../../../lib/api';
import { usePagedQuery, useRecordQuery } from '../../../lib/record-queries';

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: string) => ['clients', 'list', q] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
};

export const useClientList = (q: string) =>
  usePagedQuery<ClientDto>(clientKeys.list(q), '/api/clients', { q });

export const useClient = (id: number) =>
  useRecordQuery<ClientDto>(clientKeys.detail(id), id, `/api/clients/${id}`, 'client');

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClientCreateInput) =>
      (await api<{ client: ClientDto }>('/api/clients', { method: 'POST', body: input })).client,
    onSuccess: (created) => {
      client.setQueryData(clientKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: ['clients', 'list'] });
    },
  });
}

/** Not a hook: the autosave draft needs a stable function. Resolves with the client as saved. */
export async function patchClient(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  changes: ClientPatchInput,
): Promise<ClientDto> {
  const { client } = await api<{ client: ClientDto }>(`/api/clients/${id}`, {
    method: 'PATCH',
    body: changes,
  });
  queryClient.setQueryData(clientKeys.detail(id), client);
  void queryClient.invalidateQueries({ queryKey: ['clients', 'list'] });
  return client;
}

export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/clients/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: clientKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ['clients', 'list'] });
    },
  });
}
