import type { Kysely } from 'kysely';
import { DEFAULT_WORK_RULES, isShopTimeZone } from '../../domain/work-rules';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting } from './versioned-setting';

export const STALE_WORK_RULES = 'Настройки сроков уже изменил другой администратор';

/** The shop's time zone and (later) limits and reminders: one versioned value (issue 20). */
export function createWorkRules(db: Kysely<DB>, clock: Clock) {
  const setting = createVersionedSetting({
    db,
    clock,
    key: 'work_rules',
    defaults: DEFAULT_WORK_RULES,
    staleMessage: STALE_WORK_RULES,
    conflictKey: 'rules',
  });
  return {
    ...setting,
    /** The rules; a stored zone this runtime does not know (a restore elsewhere) reads as the default. */
    async get() {
      const rules = await setting.get();
      return isShopTimeZone(rules.timeZone) ? rules : { ...rules, timeZone: DEFAULT_WORK_RULES.timeZone };
    },
  };
}

export type WorkRules = ReturnType<typeof createWorkRules>;
