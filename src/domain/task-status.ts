/** The only values ever written (spec §4). */
export const TASK_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Values from the old tool, read as today's: todo is new, done is closed. */
export const LEGACY_TASK_STATUS_MAP = { todo: 'new', done: 'closed' } as const satisfies Record<
  string,
  TaskStatus
>;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  closed: 'Закрыта',
};

export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  closed: 'gray',
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/** A stored value as today's status; anything unknown reads as new. */
export function readTaskStatus(stored: string): TaskStatus {
  if (isTaskStatus(stored)) return stored;
  return LEGACY_TASK_STATUS_MAP[stored as keyof typeof LEGACY_TASK_STATUS_MAP] ?? 'new';
}

/** Every stored value that reads as `status` (for filtering imported data). */
export function storedTaskStatuses(status: TaskStatus): string[] {
  const legacy = Object.entries(LEGACY_TASK_STATUS_MAP)
    .filter(([, current]) => current === status)
    .map(([old]) => old);
  return [status, ...legacy];
}

/**
 * closedAt after a status change (spec §4): closing sets it (keeping the first
 * closing time if it was already closed); any other status clears it.
 */
export function closedAtAfter(
  status: TaskStatus,
  previousClosedAt: string | null,
  now: string,
): string | null {
  if (status !== 'closed') return null;
  return previousClosedAt ?? now;
}
