import type { Kysely } from 'kysely';
import { REMINDER_TIME_PATTERN } from '../../domain/reminders';
import { DEFAULT_WORK_RULES, isShopTimeZone } from '../../domain/work-rules';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting } from './versioned-setting';

export const STALE_WORK_RULES = 'Настройки сроков уже изменил другой сотрудник';

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
    /**
     * The rules; a stored zone this runtime does not know (a restore elsewhere) or an unusable
     * reminder time reads as the default.
     */
    async get() {
      const rules = await setting.get();
      return {
        ...rules,
        timeZone: isShopTimeZone(rules.timeZone) ? rules.timeZone : DEFAULT_WORK_RULES.timeZone,
        reminderTime: REMINDER_TIME_PATTERN.test(rules.reminderTime)
          ? rules.reminderTime
          : DEFAULT_WORK_RULES.reminderTime,
      };
    },
  };
}

export type WorkRules = ReturnType<typeof createWorkRules>;
