import type { Kysely } from 'kysely';
import { DEFAULT_TEMPLATES } from '../../domain/message-templates';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { createVersionedSetting } from './versioned-setting';

export const STALE_TEMPLATES = 'Шаблоны уже изменил другой сотрудник';

/** The messages to clients (issue 19): one versioned value, the built-in texts until saved. */
export function createMessageTemplates(db: Kysely<DB>, clock: Clock) {
  return createVersionedSetting({
    db,
    clock,
    key: 'message_templates',
    defaults: DEFAULT_TEMPLATES,
    staleMessage: STALE_TEMPLATES,
    conflictKey: 'templates',
  });
}

export type MessageTemplatesStore = ReturnType<typeof createMessageTemplates>;
