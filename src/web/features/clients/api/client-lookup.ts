import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientDto } from '../../../../domain/client-schemas';
import type { Page } from '../../../../domain/page';
import { phoneKey } from '../../../../domain/phone';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Server-side client search for pickers (first page only). */
export function useClientSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.clients.picker(q),
    queryFn: async () =>
      (await api<Page<ClientDto>>(`/api/clients?${new URLSearchParams({ q, limit: '20' })}`)).items,
    placeholderData: keepPreviousData,
  });
}

export function useClientById(id: number | null) {
  return useQuery({
    queryKey: queryKeys.clients.detail(id),
    queryFn: async () => (await api<{ client: ClientDto }>(`/api/clients/${id}`)).client,
    enabled: id !== null,
    retry: false,
  });
}

/** Clients already in the directory with this phone, however typed (none for a short or empty one). */
export function useClientsWithPhone(phone: string) {
  const key = phoneKey(phone);
  return useQuery({
    queryKey: queryKeys.clients.samePhone(key),
    queryFn: async () =>
      (await api<{ clients: ClientDto[] }>(`/api/clients/same-phone?${new URLSearchParams({ phone: key })}`))
        .clients,
    enabled: key !== '',
  });
}
