import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClientCreateInput,
  ClientDetailDto,
  ClientDto,
  ClientPatchInput,
} from '../../../../domain/client-schemas';
import { api } from '../../../lib/api';
import { usePagedQuery, useRecordQuery } from '../../../lib/record-queries';
import { writeRecord } from '../../../lib/own-writes';
import { queryKeys } from '../../../lib/query-keys';

export const useClientList = (q: string) =>
  usePagedQuery<ClientDto>(queryKeys.clients.list(q), '/api/clients', { q });

export const useClient = (id: number) =>
  useRecordQuery<ClientDetailDto>(queryKeys.clients.detail(id), id, `/api/clients/${id}`, 'client');

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClientCreateInput) =>
      (await api<{ client: ClientDto }>('/api/clients', { method: 'POST', body: input })).client,
    onSuccess: (created) => {
      client.setQueryData(queryKeys.clients.detail(created.id), created);
      void client.invalidateQueries({ queryKey: queryKeys.clients.lists });
    },
  });
}

/** Not a hook: the autosave draft needs a stable function. Resolves with the client as saved. */
export async function patchClient(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  changes: ClientPatchInput,
): Promise<ClientDetailDto> {
  return writeRecord(queryClient, queryKeys.clients.detail(id), queryKeys.clients.lists, async () => {
    const { client } = await api<{ client: ClientDetailDto }>(`/api/clients/${id}`, {
      method: 'PATCH',
      body: changes,
    });
    return client;
  });
}
