import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import type { Page } from '../../domain/page';
import { api } from './api';

/** Options for a server-paged list (cursor pages), usable to prefetch as well as to render. */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, params: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams(params);
      if (pageParam) search.set('cursor', pageParam);
      return api<Page<T>>(`${path}?${search}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  });
}

/** A server-paged list ('Показать ещё'); keeps showing the old rows while a filter loads. */
export function usePagedQuery<T>(
  queryKey: QueryKey,
  path: string,
  params: Record<string, string>,
  staleTime = 0,
) {
  return useInfiniteQuery({
    ...pagedQueryOptions<T>(queryKey, path, params),
    placeholderData: keepPreviousData,
    staleTime,
  });
}

/** One record by id, unwrapped from `{ [field]: record }`; an invalid id never hits the server. */
export function useRecordQuery<T>(queryKey: QueryKey, id: number, path: string, field: string) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api<Record<string, T>>(path))[field] as T,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
