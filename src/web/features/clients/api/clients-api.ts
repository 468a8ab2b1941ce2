import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ClientCreateInput, ClientDto, ClientPatchInput, Page } from '../../../../domain/client-schemas';
import { api } from '../../../lib/api';

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: string) => ['clients', 'list', q] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
};

export function useClientList(q: string) {
  return useInfiniteQuery({
    queryKey: clientKeys.list(q),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q });
      if (pageParam) params.set('cursor', pageParam);
      return api<Page<ClientDto>>(`/api/clients?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: async () => (await api<{ client: ClientDto }>(`/api/clients/${id}`)).client,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

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

/** Not a hook: the autosave draft needs a stable function. */
export async function patchClient(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  changes: ClientPatchInput,
): Promise<void> {
  const { client } = await api<{ client: ClientDto }>(`/api/clients/${id}`, {
    method: 'PATCH',
    body: changes,
  });
  queryClient.setQueryData(clientKeys.detail(id), client);
  void queryClient.invalidateQueries({ queryKey: ['clients', 'list'] });
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
