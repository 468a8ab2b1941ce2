import type { Kysely } from 'kysely';
import { DEFAULT_WORK_RULES } from '../../domain/work-rules';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting } from './versioned-setting';

export const STALE_WORK_RULES = 'Настройки сроков уже изменил другой администратор';

/** The shop's time zone and (later) limits and reminders: one versioned value (issue 20). */
export function createWorkRules(db: Kysely<DB>, clock: Clock) {
  return createVersionedSetting({
    db,
    clock,
    key: 'work_rules',
    defaults: DEFAULT_WORK_RULES,
    staleMessage: STALE_WORK_RULES,
    conflictKey: 'rules',
  });
}

export type WorkRules = ReturnType<typeof createWorkRules>;
