import { lineText } from './input-text';
import { strictPayload, z } from './zod-ru';

// The shop's public address (issue 48): where a client's phone opens the status page. A link
// to an address only the shop's own network knows is never sent to a client.

/** Host names that only a local network resolves (mDNS, home routers, Windows workgroups). */
const LOCAL_SUFFIXES = ['.local', '.lan', '.home', '.internal', '.localdomain', '.home.arpa', '.localhost'];

function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    return false;
  }
  const [a = 0, b = 0] = parts;
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    a >= 224 || // multicast and reserved
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127) // carrier-grade NAT: not reachable from outside either
  );
}

/** An IPv4 address written inside IPv6 (::ffff:7f00:1, ::ffff:127.0.0.1, 64:ff9b::7f00:1), or null. */
function embeddedIPv4(bare: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(bare);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2] ?? '0', 16);
  const low = parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isLocalIPv6(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!bare.includes(':')) return false;
  const v4 = embeddedIPv4(bare);
  if (v4) return isPrivateIPv4(v4);
  // Loopback, unspecified, unique-local (fc00::/7), link- and site-local (fe80::/9), multicast.
  return (
    bare === '::1' || bare === '::' || /^f[cd]/.test(bare) || /^fe[89a-f]/.test(bare) || /^ff/.test(bare)
  );
}

/**
 * Whether a client outside the shop could open `origin`: false for this computer, a private or
 * link-local address, a bare name without a dot («shop-pc») and local-only suffixes. A name's
 * own addresses are looked up by the server's check (src/server/settings/public-address.ts).
 */
export function isOpenableOutside(origin: string): boolean {
  let host: string;
  try {
    // «localhost.» and «shop.local.» are the same names as without the dot.
    host = new URL(origin).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || isPrivateIPv4(host) || isLocalIPv6(host)) return false;
  if (!host.includes('.') && !host.includes(':')) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

export const PUBLIC_ADDRESS_EXAMPLE = 'https://remont.example.ru';

/** The address as typed, or '' to clear it: an http(s) site, no path, reachable from outside. */
export const publicAddressValue = lineText('Адрес', 300).transform((value, ctx) => {
  if (value === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `Адрес не похож на адрес сайта. Пример: ${PUBLIC_ADDRESS_EXAMPLE}`,
    });
    return z.NEVER;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    ctx.addIssue({ code: 'custom', message: 'Адрес должен начинаться с https:// или http://' });
    return z.NEVER;
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `Укажите только адрес сайта, без пути. Пример: ${PUBLIC_ADDRESS_EXAMPLE}`,
    });
    return z.NEVER;
  }
  if (!isOpenableOutside(url.origin)) {
    ctx.addIssue({
      code: 'custom',
      message: `${url.host} открывается только внутри вашей сети: клиент не сможет открыть такую ссылку. Укажите адрес, доступный из интернета.`,
    });
    return z.NEVER;
  }
  return url.origin;
});

export const publicAddressInput = strictPayload({
  address: publicAddressValue,
  /** Save even though the check did not reach the address (the admin knows it works outside). */
  force: z.boolean().optional(),
});
export type PublicAddressInput = z.input<typeof publicAddressInput>;

export interface PublicAddressDto {
  /** The address client links use, or null: then messages and papers go without a link. */
  address: string | null;
  /** Set by PUBLIC_URL in the server's environment: it wins, and «Настройки» cannot change it. */
  fromEnvironment: boolean;
}
