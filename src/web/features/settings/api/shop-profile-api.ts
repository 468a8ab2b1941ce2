import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopProfileDto, ShopProfileInput } from '../../../../domain/shop-profile';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const shopProfileQuery = queryOptions({
  queryKey: queryKeys.settings.shop,
  queryFn: async () => (await api<{ profile: ShopProfileDto }>('/api/settings/shop')).profile,
});

export const useShopProfile = () => useQuery(shopProfileQuery);

export function useSaveShopProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ShopProfileInput) =>
      (await api<{ profile: ShopProfileDto }>('/api/settings/shop', { method: 'PUT', body: input })).profile,
    onSuccess: (profile) => client.setQueryData(shopProfileQuery.queryKey, profile),
  });
}
