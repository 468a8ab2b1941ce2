import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG (ASVS 7.2.3). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash is stored, so a leaked database holds no usable session. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
