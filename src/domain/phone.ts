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

/** «89123456789 доб. 12» → the number and its extension (dialled after it, not part of it). */
function splitExtension(phone: string): { main: string; extension: string } {
  const match = /^(.*?)[\s,;]*(?:доб\.?|добавочный|ext\.?|x)\s*(\d+)\s*$/i.exec(phone.trim());
  return match ? { main: match[1]!, extension: match[2]! } : { main: phone.trim(), extension: '' };
}

/** A Russian number as 7 and ten digits, else null. */
function russianNumber(main: string): string | null {
  const number = whatsappNumber(main);
  return number.length === 11 && number.startsWith('7') ? number : null;
}

/**
 * A phone as the shop reads it, whatever way it was typed (issue 19): a Russian number as
 * `+7 912 345-67-89` (with `доб. 12` when it has an extension); anything else (a foreign or
 * short number) as typed, trimmed.
 */
export function formatPhone(phone: string): string {
  const { main, extension } = splitExtension(phone);
  const number = russianNumber(main);
  if (!number) return phone.trim();
  const formatted = `+7 ${number.slice(1, 4)} ${number.slice(4, 7)}-${number.slice(7, 9)}-${number.slice(9)}`;
  return extension ? `${formatted} доб. ${extension}` : formatted;
}

/**
 * The number to dial or text: `+7…` for a Russian number, `+` and the digits for one typed
 * with a country code (`+375…`), the bare digits for a short local one; '' without digits.
 * An extension is left out (it is dialled after the call connects).
 */
export function dialNumber(phone: string): string {
  const { main } = splitExtension(phone);
  const russian = russianNumber(main);
  if (russian) return `+${russian}`;
  const digits = phoneDigits(main);
  if (!digits) return '';
  return main.trim().startsWith('+') || digits.length > 11 ? `+${digits}` : digits;
}

/** A `tel:` link that dials the number from a phone's dialler; null when there are no digits. */
export function telHref(phone: string): string | null {
  const number = dialNumber(phone);
  return number ? `tel:${number}` : null;
}
