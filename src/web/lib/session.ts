import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { OWNER, type Permission } from '../../domain/roles';
import type { PublicConfig, SessionUserDto } from '../../domain/users';
import { api, ApiError } from './api';
import { queryKeys } from './query-keys';

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async (): Promise<SessionUserDto | null> => {
    try {
      return (await api<{ user: SessionUserDto }>('/api/me')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
});

let signingOut = false;

/**
 * Logout under way, until the page reloads on /login. Meanwhile the live stream may
 * already see the session gone and clear the user; the signed-in area must not then
 * send to /login on its own, remembering the page (the next person to sign in on this
 * device would land on it).
 */
export function startSigningOut() {
  signingOut = true;
}

export function isSigningOut(): boolean {
  return signingOut;
}

export function useMe() {
  return useQuery(meQuery);
}

/** For screens inside the signed-in area, where the shell has already loaded the user. */
export function useCurrentUser(): SessionUserDto {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser outside the signed-in area');
  return data;
}

export function useSetMe() {
  const client = useQueryClient();
  return (user: SessionUserDto | null) => client.setQueryData(queryKeys.me, user);
}

/**
 * Whether the signed-in person's role allows this now (issue 52). The screen hides what it
 * does not allow; the server refuses it anyway. A switch the owner turns reaches every open
 * screen through the live stream, which makes this person's /api/me stale.
 */
export function useCan(permission: Permission): boolean {
  return useCurrentUser().permissions.includes(permission);
}

/** The owner: people, roles, the invite code, merging clients. */
export function useIsOwner(): boolean {
  return useCurrentUser().role === OWNER;
}

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: () => api<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

export const DEFAULT_APP_NAME = 'GL Задачи';

export function useAppName(): string {
  return useQuery(publicConfigQuery).data?.appName ?? DEFAULT_APP_NAME;
}
