import type { RecordKind } from '../../domain/records';

/** The table each kind of record lives in (also its path under /api). */
export const RECORD_TABLES = {
  ticket: 'tickets',
  task: 'tasks',
  client: 'clients',
} as const satisfies Record<RecordKind, string>;
