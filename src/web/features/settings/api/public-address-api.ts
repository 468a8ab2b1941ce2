import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicAddressDto, PublicAddressInput } from '../../../../domain/public-address';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const KEY = [...queryKeys.settings.all, 'public-address'] as const;

export const usePublicAddress = () =>
  useQuery({ queryKey: KEY, queryFn: () => api<PublicAddressDto>('/api/settings/public-address') });

export function useSavePublicAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicAddressInput) =>
      api<PublicAddressDto>('/api/settings/public-address', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      void client.invalidateQueries({ queryKey: queryKeys.publicConfig });
    },
  });
}
