import { z } from './zod-ru';

/**
 * Optimistic concurrency for edits (docs/decisions/008-edit-versions.md).
 *
 * A record has a version that every write raises. For each field the record keeps
 * the version at which it last changed and who changed it (a stamp). A save names
 * the version its fields were based on; a field that someone else changed after that
 * version, and that the save would set to something else, is a conflict. Fields
 * nobody else touched merge silently.
 */

/** The largest version or id a 32-bit integer column holds. */
export const MAX_VERSION = 2_147_483_647;

export const baseVersionSchema = z
  .number({ error: 'Обновите страницу: не указана версия записи' })
  .int('Обновите страницу: не указана версия записи')
  .min(1, 'Обновите страницу: не указана версия записи')
  .max(MAX_VERSION, 'Обновите страницу: не указана версия записи');

export interface FieldStamp {
  /** The record's version after the write that last changed this field. */
  v: number;
  /** Who made that change (null: the server itself, e.g. an import). */
  by: number | null;
}

export type FieldStamps = Record<string, FieldStamp>;

/** One field of a refused save: what the person should be told. */
export interface FieldConflict {
  field: string;
  label: string;
  changedBy: string;
}

/** The body of a 409 for an edit: the conflicts, and the record as it is now under its entity key. */
export interface EditConflictBody {
  error: { code: 'conflict'; message: string };
  conflicts: FieldConflict[];
}

export interface EditJudgement<F extends string> {
  /** Fields whose value the save really changes. */
  changed: F[];
  /** Of those, the ones someone else changed after the save's base version. */
  conflicts: F[];
}

/**
 * Which fields of a save change something, and which of them clash with a newer
 * change by someone else. Values are compared as the API carries them.
 */
export function judgeEdit<F extends string>(input: {
  current: Record<F, unknown>;
  patch: Partial<Record<F, unknown>>;
  baseVersion: number;
  stamps: FieldStamps;
  actorId: number;
}): EditJudgement<F> {
  const changed: F[] = [];
  const conflicts: F[] = [];
  for (const field of Object.keys(input.patch) as F[]) {
    const next = input.patch[field];
    if (next === undefined || next === input.current[field]) continue;
    changed.push(field);
    const stamp = input.stamps[field];
    if (stamp && stamp.v > input.baseVersion && stamp.by !== input.actorId) conflicts.push(field);
  }
  return { changed, conflicts };
}

/** The stamps after a write that raised the record to `version` and changed `fields`. */
export function stampFields(
  stamps: FieldStamps,
  fields: readonly string[],
  version: number,
  actorId: number | null,
): FieldStamps {
  const next = { ...stamps };
  for (const field of fields) next[field] = { v: version, by: actorId };
  return next;
}

/** Reads stored stamps; anything unreadable counts as "no stamps" (every field unchanged). */
export function parseStamps(text: string): FieldStamps {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const stamps: FieldStamps = {};
    for (const [field, stamp] of Object.entries(value as Record<string, unknown>)) {
      const s = stamp as Partial<FieldStamp> | null;
      if (s && typeof s.v === 'number' && (typeof s.by === 'number' || s.by === null)) {
        stamps[field] = { v: s.v, by: s.by };
      }
    }
    return stamps;
  } catch {
    return {};
  }
}

/** «Поле «Описание» изменил(а) Петров Пётр» — one sentence per field. */
export function conflictMessage(conflicts: readonly FieldConflict[]): string {
  return conflicts.map((c) => `Поле «${c.label}» изменил(а) ${c.changedBy}`).join('. ');
}

/** The part of a save that really changes something (judgeEdit's `changed`). */
export function pickFields<T extends object, K extends keyof T>(values: T, fields: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) picked[field] = values[field];
  return picked;
}
