// A VAPID key pair's shape, read by the settings (config.ts) and by push/ alike.

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** P-256 private scalar, base64url (32 bytes). */
  privateKey: string;
}

const byteLength = (value: string) => Buffer.from(value, 'base64url').length;

export function isValidVapidPair(keys: Partial<VapidKeys>): keys is VapidKeys {
  return (
    typeof keys.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    /^[A-Za-z0-9_-]+=*$/.test(keys.publicKey) &&
    /^[A-Za-z0-9_-]+=*$/.test(keys.privateKey) &&
    byteLength(keys.publicKey) === 65 &&
    byteLength(keys.privateKey) === 32
  );
}
