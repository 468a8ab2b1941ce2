/** What changed, sent to every signed-in browser after the change is committed. */
export const LIVE_ENTITIES = ['ticket', 'task', 'client', 'user', 'settings'] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];
export type LiveOp = 'create' | 'update' | 'delete';

export interface ChangeEvent {
  entity: LiveEntity;
  id: number | null;
  op: LiveOp;
  /** The record's version after an update, so the tab that made it need not fetch it again. */
  version?: number;
}

export function isChangeEvent(value: unknown): value is ChangeEvent {
  const v = value as ChangeEvent | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (LIVE_ENTITIES as readonly string[]).includes(v.entity) &&
    (v.id === null || Number.isSafeInteger(v.id)) &&
    ['create', 'update', 'delete'].includes(v.op) &&
    (v.version === undefined || Number.isSafeInteger(v.version))
  );
}
