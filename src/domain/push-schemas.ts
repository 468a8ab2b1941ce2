import { hasControlCharacter } from './input-text';
import { z } from './zod-ru';

export const INVALID_SUBSCRIPTION_MESSAGE = 'Некорректная подписка на уведомления';

// Browsers hand keys over as unpadded base64url: p256dh is a 65-byte P-256 point
// (87 characters), auth a 16-byte secret (22 characters). Padding is tolerated.
const p256dh = z
  .string({ error: INVALID_SUBSCRIPTION_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{87}=?$/, INVALID_SUBSCRIPTION_MESSAGE);
const auth = z
  .string({ error: INVALID_SUBSCRIPTION_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, INVALID_SUBSCRIPTION_MESSAGE);

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What PushSubscription.toJSON() gives. Push services are always HTTPS (RFC 8030), so
 * any other address is refused: the server never posts to a plain-HTTP URL it was handed.
 */
const endpoint = z
  .string({ error: INVALID_SUBSCRIPTION_MESSAGE })
  .max(2048, INVALID_SUBSCRIPTION_MESSAGE)
  .refine((value) => !hasControlCharacter(value, false) && isHttpsUrl(value), INVALID_SUBSCRIPTION_MESSAGE);

export const pushSubscriptionInput = z.object(
  {
    endpoint,
    keys: z.object({ p256dh, auth }, { error: INVALID_SUBSCRIPTION_MESSAGE }),
  },
  { error: INVALID_SUBSCRIPTION_MESSAGE },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushEndpointInput = z.object({ endpoint });
