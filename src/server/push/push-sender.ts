import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushMessage } from '../../domain/push-message';
import type { StoredSubscription } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

/** A push service keeps an undelivered message this long (a phone off overnight still gets it). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 15_000;

export type SendResult =
  | { outcome: 'sent' }
  /** 404 or 410: the browser dropped the subscription; it will never work again. */
  | { outcome: 'gone'; status: number }
  /** Worth another try later: no answer, 429 or 5xx. */
  | { outcome: 'retry'; status?: number; retryAfterMs?: number; error: unknown }
  /** Another refusal (400, 403 for a key mismatch, 413): trying again will not help. */
  | { outcome: 'refused'; status: number; error: unknown };

export type SendPush = (
  subscription: StoredSubscription,
  message: PushMessage,
  options: { urgent: boolean },
) => Promise<SendResult>;

export interface PushSenderOptions {
  vapidKeys: VapidKeys;
  /** mailto: or https: contact the push services may use (RFC 8292 "sub"). */
  subject: string;
  /** An HTTPS agent; tests pass one that trusts their stand-in push service. */
  agent?: Agent;
}

/** Encrypts (RFC 8291, aes128gcm) and posts one message with a VAPID signature (RFC 8292). */
export function createPushSender({ vapidKeys, subject, agent }: PushSenderOptions): SendPush {
  const vapidDetails = { subject, publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey };
  return async (subscription, message, { urgent }) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          urgency: urgent ? 'high' : 'normal',
          // A newer message about the same item replaces one still waiting at the push service.
          topic: message.tag,
          timeout: REQUEST_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
      return { outcome: 'sent' };
    } catch (error) {
      return classify(error);
    }
  };
}

function classify(error: unknown): SendResult {
  if (!(error instanceof webpush.WebPushError)) return { outcome: 'retry', error };
  const status = error.statusCode;
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    return { outcome: 'retry', status, error, retryAfterMs: retryAfter(error.headers['retry-after']) };
  }
  return { outcome: 'refused', status, error };
}

function retryAfter(header: string | string[] | undefined): number | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) * 1000 : undefined;
}
