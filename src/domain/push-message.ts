// Shared by the server, which sends it, and the service worker, which shows it; kept free
// of zod so the worker stays small.

/** The JSON inside each push; the service worker shows it as a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page the notification opens, e.g. /app/tickets/12. */
  url: string;
  /** One notification per item: a newer message about it replaces the older one. */
  tag: string;
}

export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/badge-96.png';
