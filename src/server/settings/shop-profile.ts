import type { Kysely } from 'kysely';
import {
  EMPTY_SHOP_PROFILE,
  type ShopProfileDto,
  type ShopProfileField,
  type ShopProfileValues,
} from '../../domain/shop-profile';
import type { Actor } from '../work-items/actor';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { readSetting } from './settings.repository';

const KEY = 'shop_profile';

interface Stored extends ShopProfileValues {
  version: number;
  updatedAt: string | null;
  updatedByName: string;
}

function parse(raw: string | undefined): Stored {
  const fresh: Stored = { ...EMPTY_SHOP_PROFILE, version: 1, updatedAt: null, updatedByName: '' };
  if (!raw) return fresh;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    const stored = { ...fresh };
    for (const key of Object.keys(EMPTY_SHOP_PROFILE) as ShopProfileField[]) {
      if (typeof value[key] === 'string') stored[key] = value[key];
    }
    if (Number.isSafeInteger(value.version) && (value.version as number) > 0) stored.version = value.version!;
    if (typeof value.updatedAt === 'string') stored.updatedAt = value.updatedAt;
    if (typeof value.updatedByName === 'string') stored.updatedByName = value.updatedByName;
    return stored;
  } catch {
    return fresh;
  }
}

export const STALE_SHOP_PROFILE = 'Реквизиты уже изменил другой администратор';

/**
 * The shop's requisites, one JSON value in `settings`. A save replaces the whole profile
 * only if it was based on the current version (a conditional update), so two admins
 * editing at once cannot overwrite each other silently: the second gets 409 with what
 * is there now.
 */
export function createShopProfile(db: Kysely<DB>, clock: Clock) {
  return {
    async get(): Promise<ShopProfileDto> {
      return parse(await readSetting(db, KEY));
    },

    async save(actor: Actor, input: ShopProfileValues & { version: number }): Promise<ShopProfileDto> {
      const { version, ...values } = input;
      const existing = await readSetting(db, KEY);
      const stale = async () =>
        new AppError('conflict', STALE_SHOP_PROFILE, { extra: { profile: await this.get() } });
      if (parse(existing).version !== version) throw await stale();
      const raw = JSON.stringify({
        ...values,
        version: version + 1,
        updatedAt: clock.now().toISOString(),
        updatedByName: actor.displayName,
      } satisfies Stored);
      // Written only over the very value this save was based on (or where there was none).
      const written =
        existing === undefined
          ? Number(
              (
                await db
                  .insertInto('settings')
                  .values({ key: KEY, value: raw })
                  .onConflict((oc) => oc.column('key').doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0n,
            )
          : Number(
              (
                await db
                  .updateTable('settings')
                  .set({ value: raw })
                  .where('key', '=', KEY)
                  .where('value', '=', existing)
                  .executeTakeFirst()
              ).numUpdatedRows,
            );
      if (written === 0) throw await stale();
      return parse(raw);
    },
  };
}

export type ShopProfile = ReturnType<typeof createShopProfile>;
