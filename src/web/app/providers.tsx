import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

/**
 * A 401 anywhere may mean the session ended (logout elsewhere, role change, disabled):
 * ask /api/me again; when it says signed out, the app goes to the login form.
 */
function onApiError(error: unknown) {
  if (error instanceof ApiError && error.status === 401)
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: true },
    // An action without a connection fails at once with «Нет связи с сервером»
    // (src/web/lib/api.ts) instead of waiting, spinner turning, for the network.
    mutations: { networkMode: 'always' },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <ModalsProvider labels={{ confirm: 'ОК', cancel: 'Отмена' }}>
          <Notifications position="top-center" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
