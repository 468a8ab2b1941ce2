import type { OpenPageMessage } from './sw-messages';

/**
 * Registers /sw.js once the page has loaded (so it never competes with the first
 * screen), and follows the worker's requests to open a page when a notification is
 * clicked while the app is open.
 */
export function registerServiceWorker(navigate: (url: string) => void) {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<Partial<OpenPageMessage>>) => {
    if (event.data?.type === 'glz:open' && typeof event.data.url === 'string') navigate(event.data.url);
  });
  navigator.serviceWorker.startMessages();
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
