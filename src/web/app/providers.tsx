import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LazyBoundary } from '../components/LazyBoundary';
import { ApiError } from '../lib/api';
import { onOverlaysRequested } from '../lib/overlays-ready';
import { queryKeys } from '../lib/query-keys';
import { cssVariablesResolver, theme } from './theme';

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
    queries: {
      refetchOnWindowFocus: true,
      // A refusal (signed out, not found, forbidden) does not change on asking again; a
      // server or network failure is retried twice before the screen says so.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
    // An action without a connection fails at once with «Нет связи с сервером»
    // (src/web/lib/api.ts) instead of waiting, spinner turning, for the network.
    mutations: { networkMode: 'always' },
  },
});

const RETRY_MS = [2000, 5000, 15000, 30000];
// One lazy component per attempt: React keeps a failed lazy failed for good. After the
// last, the page goes on without dialogs and toasts until it is reloaded.
const OVERLAYS_ATTEMPTS = [...RETRY_MS, 0].map(() => lazy(() => import('./overlays')));

/**
 * Dialogs and toasts, with Mantine's full style sheet, mounted once the first screen has
 * had its turn (a second and a half, as for the other screens' code; at once when someone
 * asks to confirm something): on a slow line they would otherwise share it with the first
 * screen's own code and data. Their code failing to arrive (a dropped connection) is
 * retried, never allowed to take the page down (LazyBoundary).
 */
function LaterOverlays() {
  const [due, setDue] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), 1500);
    const stop = onOverlaysRequested(() => setDue(true));
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);
  if (!due) return null;
  return (
    <LazyBoundary
      key={attempt}
      onError={() => {
        const wait = RETRY_MS[attempt];
        if (wait !== undefined) window.setTimeout(() => setAttempt((n) => n + 1), wait);
      }}
    >
      <Suspense fallback={null}>{createElement(OVERLAYS_ATTEMPTS[attempt]!)}</Suspense>
    </LazyBoundary>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {children}
        <LaterOverlays />
      </MantineProvider>
    </QueryClientProvider>
  );
}
