import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceDto } from '../../../../domain/money';
import type { ServiceInput, ServicePatch } from '../../../../domain/money-schemas';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The shop's catalogue of services (issue 50); a live «settings» event refreshes it. */
export const servicesQuery = queryOptions({
  queryKey: queryKeys.settings.services,
  queryFn: async () => (await api<{ services: ServiceDto[] }>('/api/services')).services,
  staleTime: 5 * 60_000,
});

export const useServices = () => useQuery(servicesQuery);

export function useServiceWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.settings.services });
  return {
    create: useMutation({
      mutationFn: (input: ServiceInput) =>
        api<{ service: ServiceDto }>('/api/services', { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: ServicePatch & { id: number }) =>
        api<{ service: ServiceDto }>(`/api/services/${id}`, { method: 'PATCH', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/api/services/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
