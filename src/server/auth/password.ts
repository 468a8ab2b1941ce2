import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane (ASVS 11.4.2).
// `Algorithm` is an ambient const enum, unusable under verbatimModuleSyntax; 2 is Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so that the
 * answer's timing does not tell which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  await verifyPassword(await dummyHash, password);
  return false;
}
