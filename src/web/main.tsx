import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import '../domain/zod-ru';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from '../domain/routes';
import { Providers, queryClient } from './app/providers';
import { workFiltersFromUrl, worklistQueryOptions } from './features/work/api/work-api';
import { createAppRouter, preloadScreens } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import { useAppName } from './lib/session';

function DocumentTitle() {
  const appName = useAppName();
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return null;
}

// The worklist is the screen staff open most: ask for it while the session is being
// checked, instead of after (it is the same request the screen makes).
if (window.location.pathname === paths.work) {
  void queryClient.prefetchInfiniteQuery(
    worklistQueryOptions(workFiltersFromUrl(new URLSearchParams(window.location.search))),
  );
}

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <DocumentTitle />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// After the first screen is up, fetch the rest while nobody is waiting for it.
window.setTimeout(preloadScreens, 1500);

// Offline app shell and push notifications (src/web/sw).
registerServiceWorker((url) => void router.navigate(url));
