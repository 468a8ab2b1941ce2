import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import type { SessionUserDto } from '../../../../domain/users';
import { api } from '../../../lib/api';
import { forgetPushHere } from '../../../lib/push';
import { startSigningOut } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';

function useSignInMutation<Input>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api<{ user: SessionUserDto }>(path, { method: 'POST', body: input }),
    onSuccess: ({ user }) => {
      // A new account or a new login: nothing cached for someone else may survive.
      client.clear();
      client.setQueryData(queryKeys.me, user);
    },
  });
}

export const useLogin = () => useSignInMutation<LoginInput>('/api/auth/login');
export const useRegister = () => useSignInMutation<RegisterInput>('/api/auth/register');

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await api<void>('/api/auth/logout', { method: 'POST' });
      // The server has removed this device's subscription; the browser forgets it too,
      // so the next person to sign in here turns notifications on for themselves.
      await forgetPushHere();
    },
    onMutate: startSigningOut,
    // A fresh page load: nothing of this user's stays in memory (lists, drafts, the live stream).
    onSettled: () => window.location.replace(paths.login),
  });
}

/** True while no account exists: the first one to register becomes the administrator. */
export function useFirstRun() {
  return useQuery({
    queryKey: queryKeys.firstRun,
    queryFn: async () => (await api<{ firstRun: boolean }>('/api/auth/first-run')).firstRun,
  });
}
