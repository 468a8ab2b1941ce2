import type { OpenPageMessage } from '../lib/sw-messages';

/**
 * Shows the page in an open tab of the app when there is one (its router moves there
 * without a reload, keeping unsaved typing safe via autosave), else in a new window.
 */
export async function openAppPage(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindow = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (appWindow) {
    const message: OpenPageMessage = { type: 'glz:open', url };
    appWindow.postMessage(message);
    await appWindow.focus();
    return;
  }
  await scope.clients.openWindow(url);
}
