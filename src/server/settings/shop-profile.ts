import type { Kysely } from 'kysely';
import { EMPTY_SHOP_PROFILE } from '../../domain/shop-profile';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting } from './versioned-setting';

export const STALE_SHOP_PROFILE = 'Реквизиты уже изменил другой сотрудник';

/** The shop's requisites (issue 18): one versioned value, saved whole (versioned-setting.ts). */
export function createShopProfile(db: Kysely<DB>, clock: Clock) {
  return createVersionedSetting({
    db,
    clock,
    key: 'shop_profile',
    defaults: EMPTY_SHOP_PROFILE,
    staleMessage: STALE_SHOP_PROFILE,
    conflictKey: 'profile',
  });
}

export type ShopProfile = ReturnType<typeof createShopProfile>;
