import { api } from './api';

/** The spec's three alerts (§8), word for word. */
export const PUSH_ALERTS = {
  unsupported: 'Ваш браузер не поддерживает Web Push',
  enabled: 'Уведомления включены',
  failed: 'Ошибка включения push',
} as const;

/**
 * Two more cases the issue names (17): a page served over plain HTTP, and notifications
 * the person has blocked for this site — each says what to do.
 */
export const PUSH_HELP = {
  insecure:
    'Уведомления работают только по HTTPS. Откройте приложение по адресу, который начинается с https:// (его настраивает администратор)',
  denied:
    'Уведомления для этого сайта запрещены в браузере. Разрешите их: нажмите значок слева от адреса сайта → «Уведомления» → «Разрешить», затем нажмите колокольчик снова',
} as const;

export type PushOutcome = keyof typeof PUSH_ALERTS | keyof typeof PUSH_HELP;

export function pushMessage(outcome: PushOutcome): string {
  return outcome in PUSH_HELP
    ? PUSH_HELP[outcome as keyof typeof PUSH_HELP]
    : PUSH_ALERTS[outcome as keyof typeof PUSH_ALERTS];
}

// A service worker that never becomes ready (blocked by the browser) must not leave the
// button spinning.
const READY_TIMEOUT_MS = 10_000;

/** The button shows where the browser has notifications at all (spec §2). */
export function notificationsAvailable(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Web Push needs a service worker, the Push API and a secure page (HTTPS or localhost). */
export function pushSupported(): boolean {
  return (
    notificationsAvailable() &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, i) => byte === wanted[i]);
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function saveSubscription(subscription: PushSubscription) {
  return api<void>('/api/push/subscription', { method: 'PUT', body: subscription.toJSON() });
}

/**
 * The notifications button: asks permission, subscribes with the server's key (a
 * subscription made for an older key is replaced) and stores it for this user and device.
 */
export async function enablePush(): Promise<PushOutcome> {
  if (notificationsAvailable() && !window.isSecureContext) return 'insecure';
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  try {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return 'denied';
    if (permission !== 'granted') return 'failed';
    const registration = await readyRegistration();
    const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key');
    const key = base64UrlToBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await saveSubscription(subscription);
    return 'enabled';
  } catch (error) {
    console.warn('push subscription failed', error);
    return 'failed';
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * At sign-in and start: tells the server about this device's subscription again, so it
 * is linked to the current session and comes back if the server had dropped it.
 * Resolves whether this device gets notifications (the button then says so).
 */
export async function resyncPush(): Promise<boolean> {
  const subscription = await currentSubscription().catch(() => null);
  if (subscription) await saveSubscription(subscription).catch(() => undefined);
  return subscription !== null;
}

/** After logout (the server has removed this device's subscription): let the browser drop it too. */
export async function forgetPushHere(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
