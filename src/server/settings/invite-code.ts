import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeInviteCode } from '../../domain/invite-code';
import type { InviteCodeDto } from '../../domain/users';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { readSetting, writeSetting, writeSettingOnce } from './settings.repository';

const KEY = 'invite_code';
// No 0/O, 1/I/L: the code is read aloud and typed on phones.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function generateCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

function digest(value: string) {
  return createHash('sha256').update(value).digest();
}

/**
 * The shared registration code. INVITE_CODE, when set, is the code and cannot be
 * changed from the UI; otherwise one is generated at first start and stored.
 */
export function createInviteCodeService(db: Kysely<DB>, fromEnvironment: string | undefined) {
  async function current(): Promise<string> {
    if (fromEnvironment) return fromEnvironment;
    const stored = await readSetting(db, KEY);
    if (stored) return stored;
    return writeSettingOnce(db, KEY, generateCode());
  }

  return {
    /** Called at start-up; returns the code when it was generated just now, so it can be logged once. */
    async ensure(): Promise<string | undefined> {
      if (fromEnvironment || (await readSetting(db, KEY))) return undefined;
      const candidate = generateCode();
      const stored = await writeSettingOnce(db, KEY, candidate);
      return stored === candidate ? stored : undefined;
    },

    async get(): Promise<InviteCodeDto> {
      return { code: await current(), fromEnvironment: fromEnvironment !== undefined };
    },

    async set(code: string): Promise<InviteCodeDto> {
      if (fromEnvironment) {
        throw new AppError(
          'conflict',
          'Код приглашения задан в настройках сервера (INVITE_CODE) и меняется только там',
        );
      }
      await writeSetting(db, KEY, code);
      return { code, fromEnvironment: false };
    },

    /** Case, spaces and dashes do not matter (src/domain/invite-code.ts). */
    async matches(candidate: string): Promise<boolean> {
      return timingSafeEqual(
        digest(normalizeInviteCode(candidate)),
        digest(normalizeInviteCode(await current())),
      );
    },

    /** The code as it is now (generated and stored first if there is none yet). */
    current,
  };
}

export type InviteCodeService = ReturnType<typeof createInviteCodeService>;
