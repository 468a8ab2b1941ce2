import './app/critical-styles';
import './app/touch.css';
import './app/layout.css';
// Toasts and confirmations are called from every screen but drawn by the overlays chunk
// (app/overlays.tsx); their small stores live here, so no screen depends on that chunk
// (and on the full style sheet it brings) to show itself.
import './lib/toast';
import './lib/confirm';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from '../domain/routes';
import { Providers, queryClient } from './app/providers';
import { workFiltersFromUrl, worklistQueryOptions } from './features/work/api/work-api';
import { recallFilters } from './features/work/components/work-filter-memory';
import { createAppRouter, preloadForPath, preloadScreens } from './app/router';
import { keepResetTokenFromAddress } from './lib/reset-token';
import { registerServiceWorker } from './lib/service-worker';
import { meQuery, useAppName } from './lib/session';

/** Safari has no requestIdleCallback: a short timer there. */
function whenIdle(work: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}

function DocumentTitle() {
  const appName = useAppName();
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return null;
}

keepResetTokenFromAddress();

// The first screen's code was fetched beside this file (the server lists it in the page):
// waiting the moment it takes to run lets React render it at once, instead of showing a
// fallback and then holding the screen back for its 300 ms Suspense throttle. Bounded, so a
// lost chunk still ends in the screen's own error, not a blank page.
const firstScreenReady = Promise.race([
  preloadForPath(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => window.setTimeout(resolve, 3000)),
]);

// Almost every page first checks the session: ask now, as for the worklist below, not at first render
// (on a slow line /api/me otherwise arrives after the worklist and holds up its first row).
void queryClient.prefetchQuery(meQuery);

// The worklist is the screen staff open most: ask for it while the session is being
// checked, instead of after (it is the same request the screen makes).
if (window.location.pathname === paths.work) {
  const search = new URLSearchParams(window.location.search);
  // A plain /app/work opens on what was chosen last time on this device (WorkPage).
  const remembered = search.size === 0 ? recallFilters() : {};
  void queryClient.prefetchInfiniteQuery(
    worklistQueryOptions({ ...workFiltersFromUrl(search), ...remembered }),
  );
}

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

void firstScreenReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <DocumentTitle />
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // Once the first screen is up, fetch the rest while nobody is waiting for it: counted from
  // the first render, and in an idle moment, so loading other screens' code never holds up
  // the first rows (on a cold start it used to land in the middle of drawing them).
  window.setTimeout(
    () =>
      whenIdle(() => {
        // Named for `npm run bench:cold`: what a screen needs came before this mark.
        performance.mark('other-screens');
        preloadScreens(window.location.pathname);
      }),
    1500,
  );
});

// Offline app shell and push notifications (src/web/sw).
registerServiceWorker((url) => void router.navigate(url));
