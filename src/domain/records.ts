/** The records people keep, delete to the Корзина and restore: tickets, tasks and clients. */
export const RECORD_KINDS = ['ticket', 'task', 'client'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && (RECORD_KINDS as readonly string[]).includes(value);
}

export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  ticket: 'Заявка',
  task: 'Задача',
  client: 'Клиент',
};

export const NOT_FOUND_MESSAGES: Record<RecordKind, string> = {
  ticket: 'Заявка не найдена',
  task: 'Задача не найдена',
  client: 'Клиент не найден',
};

/** The banner on a record's own page while it is in the Корзина. */
export const IN_TRASH_TITLES: Record<RecordKind, string> = {
  ticket: 'Заявка в корзине',
  task: 'Задача в корзине',
  client: 'Клиент в корзине',
};

/** The answer to a change of a record in the Корзина. */
export const IN_TRASH_MESSAGES: Record<RecordKind, string> = {
  ticket: 'Заявка в корзине. Восстановите её, чтобы изменить',
  task: 'Задача в корзине. Восстановите её, чтобы изменить',
  client: 'Клиент в корзине. Восстановите его, чтобы изменить',
};

/** How long an item stays in the Корзина before it is deleted for good, unless TRASH_DAYS says otherwise. */
export const DEFAULT_TRASH_DAYS = 30;
