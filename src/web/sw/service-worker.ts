// The app's service worker (ARCHITECTURE.md: push + offline app shell), built to /sw.js
// by build/service-worker-plugin.ts, which fills in the two constants below.
import type { PushMessage } from '../../domain/push-message';
import { PUSH_BADGE, PUSH_ICON } from '../../domain/push-message';
import { paths } from '../../domain/routes';
import { OFFLINE_PAGE } from './offline-page';
import { openAppPage } from './open-page';

declare const self: ServiceWorkerGlobalScope;
/** Every file of this build the shell needs: index.html, scripts, styles, icons. */
declare const __PRECACHE__: string[];
/** Changes with every build, so a new release replaces the old cache. */
declare const __BUILD_ID__: string;

const CACHE_PREFIX = 'glz-shell-';
const CACHE = `${CACHE_PREFIX}${__BUILD_ID__}`;
const SHELL = '/index.html';
const precached = new Set(__PRECACHE__);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Through the browser's HTTP cache: the scripts and styles the page has just loaded are
      // not downloaded a second time (their names carry their content's hash, so a cached one is
      // never stale), and the rest (sent with no-cache) is revalidated with the server.
      await cache.addAll(__PRECACHE__);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API, live events and uploaded files always go to the server.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrShell(request));
  } else if (precached.has(url.pathname)) {
    event.respondWith(cachedOrNetwork(request));
  }
});

/**
 * Pages come from the server while it answers (a new release shows at once); without
 * a connection, the cached shell starts the app, which says there is no connection.
 */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    return (
      shell ??
      new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } })
    );
  }
}

async function cachedOrNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  const options: NotificationOptions & { renotify: boolean } = {
    body: message.body,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    lang: 'ru',
    // One notification per ticket or task: news about it replaces the older one, and
    // still rings. Shown here whether or not the app is open, so it never shows twice.
    tag: message.tag,
    renotify: true,
    data: { url: message.url },
  };
  event.waitUntil(self.registration.showNotification(message.title, options));
});

function readMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const parsed = data?.json() as Partial<PushMessage> | undefined;
    if (!parsed || typeof parsed.title !== 'string' || typeof parsed.body !== 'string') return null;
    return {
      title: parsed.title,
      body: parsed.body,
      url: typeof parsed.url === 'string' && parsed.url.startsWith('/') ? parsed.url : paths.work,
      tag: typeof parsed.tag === 'string' ? parsed.tag : 'glz',
    };
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? paths.work;
  event.waitUntil(openAppPage(self, url));
});
