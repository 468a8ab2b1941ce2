import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopProfileDto, ShopProfileInput } from '../../../../domain/shop-profile';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { uploadForm, type UploadOptions } from '../../../lib/upload';

/** The requisites, and where the logo is (null without one). */
export interface ShopSettings {
  profile: ShopProfileDto;
  logoUrl: string | null;
}

export const shopProfileQuery = queryOptions({
  queryKey: queryKeys.settings.shop,
  queryFn: () => api<ShopSettings>('/api/settings/shop'),
});

export const useShopProfile = () => useQuery(shopProfileQuery);

export function useSaveShopProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopProfileInput) =>
      api<ShopSettings>('/api/settings/shop', { method: 'PUT', body: input }),
    onSuccess: (settings) => client.setQueryData(shopProfileQuery.queryKey, settings),
  });
}

/** A new logo or none: the answer says where it is now. */
export function useChangeLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File | null; options?: UploadOptions }) => {
      if (!file) return api<{ logoUrl: string | null }>('/api/settings/shop/logo', { method: 'DELETE' });
      const form = new FormData();
      form.append('files', file, file.name);
      return uploadForm<{ logoUrl: string | null }>('/api/settings/shop/logo', form, options);
    },
    onSuccess: ({ logoUrl }) =>
      client.setQueryData(shopProfileQuery.queryKey, (old) => (old ? { ...old, logoUrl } : old)),
  });
}
