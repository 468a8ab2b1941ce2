/**
 * How an invite code is compared: without regard to case, spaces or dashes, so
 * «abcde fghjk», «ABCDE-FGHJK» and «abcdefghjk» are one code (it is read aloud and
 * typed on phones).
 */
export function normalizeInviteCode(code: string): string {
  return code.replace(/[\s\-‐‑‒–—―]/g, '').toLocaleUpperCase('ru-RU');
}
