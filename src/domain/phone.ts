/** Only the digits of a phone number, whatever its formatting. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The number for a WhatsApp link (spec §5): digits only; 11 digits starting with
 * 7 or 8 become 7 + the last 10; 10 digits get a 7 in front; anything else stays
 * as it is. Empty when there are no digits (then there is no button).
 */
export function whatsappNumber(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
    return `7${digits.slice(1)}`;
  }
  if (digits.length === 10) return `7${digits}`;
  return digits;
}

/** A number shorter than this (normalised) is not looked up for duplicates: it would match by accident. */
export const MIN_PHONE_KEY_DIGITS = 6;

/** The key two clients with the same number share however it was typed, or '' when too short to tell. */
export function phoneKey(phone: string): string {
  const key = whatsappNumber(phone);
  return key.length >= MIN_PHONE_KEY_DIGITS ? key : '';
}

/** Only http(s) links may be opened from imported data (never `javascript:` and the like). */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Where the WhatsApp button leads: a client's own `whatsappUrl` (imported data)
 * when it is a web link, else wa.me with the normalised number; null for no button.
 */
export function whatsappLink(client: { phone: string; whatsappUrl?: string | null }): string | null {
  const own = client.whatsappUrl?.trim();
  if (own && isWebUrl(own)) return own;
  const number = whatsappNumber(client.phone);
  return number ? `https://wa.me/${number}` : null;
}

/**
 * A phone as the shop reads it, whatever way it was typed (issue 19): a Russian number as
 * `+7 912 345-67-89`; anything else (a foreign or short number) as typed, trimmed.
 */
export function formatPhone(phone: string): string {
  const number = whatsappNumber(phone);
  if (number.length === 11 && number.startsWith('7')) {
    return `+7 ${number.slice(1, 4)} ${number.slice(4, 7)}-${number.slice(7, 9)}-${number.slice(9)}`;
  }
  return phone.trim();
}

/** A `tel:` link that dials the number from a phone's dialler; null when there are no digits. */
export function telHref(phone: string): string | null {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return number.length === 11 && number.startsWith('7') ? `tel:+${number}` : `tel:${number}`;
}
