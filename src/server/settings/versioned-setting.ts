import type { Kysely } from 'kysely';
import type { Actor } from '../http/actor';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { readSetting } from './settings.repository';

/** A group of text fields saved as a whole, with who saved it last and the version it is at. */
export type VersionedValues<Field extends string> = Record<Field, string> & {
  version: number;
  updatedAt: string | null;
  updatedByName: string;
};

/** A stored value read with these defaults: unknown keys dropped, missing ones defaulted. */
export function parseVersionedValues<Field extends string>(
  raw: string | undefined,
  defaults: Record<Field, string>,
): VersionedValues<Field> {
  const fresh = { ...defaults, version: 1, updatedAt: null, updatedByName: '' } as VersionedValues<Field>;
  if (!raw) return fresh;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    const stored: Record<string, unknown> = { ...fresh };
    for (const key of Object.keys(defaults)) if (typeof value[key] === 'string') stored[key] = value[key];
    if (Number.isSafeInteger(value.version) && (value.version as number) > 0) stored.version = value.version;
    if (typeof value.updatedAt === 'string') stored.updatedAt = value.updatedAt;
    if (typeof value.updatedByName === 'string') stored.updatedByName = value.updatedByName;
    return stored as VersionedValues<Field>;
  } catch {
    return fresh;
  }
}

/**
 * One JSON value in `settings` (the shop's requisites, the message templates). A save
 * replaces the whole value only if it was based on the current version — a conditional
 * update on the exact stored text — so two admins editing at once cannot overwrite each other
 * silently: the second gets 409 with what is there now (under `conflictKey`).
 */
export function createVersionedSetting<Field extends string>(options: {
  db: Kysely<DB>;
  clock: Clock;
  key: string;
  defaults: Record<Field, string>;
  staleMessage: string;
  conflictKey: string;
}) {
  const { db, clock, key, defaults } = options;
  return {
    async get(): Promise<VersionedValues<Field>> {
      return parseVersionedValues(await readSetting(db, key), defaults);
    },

    async save(
      actor: Actor,
      input: Record<Field, string> & { version: number },
    ): Promise<VersionedValues<Field>> {
      const existing = await readSetting(db, key);
      const stale = async () =>
        new AppError('conflict', options.staleMessage, {
          extra: { [options.conflictKey]: parseVersionedValues(await readSetting(db, key), defaults) },
        });
      if (parseVersionedValues(existing, defaults).version !== input.version) throw await stale();
      const values: Record<string, string> = {};
      for (const field of Object.keys(defaults) as Field[]) values[field] = input[field];
      const raw = JSON.stringify({
        ...values,
        version: input.version + 1,
        updatedAt: isoNow(clock),
        updatedByName: actor.displayName,
      });
      // Written only over the very value this save was based on (or where there was none).
      const written =
        existing === undefined
          ? Number(
              (
                await db
                  .insertInto('settings')
                  .values({ key, value: raw })
                  .onConflict((oc) => oc.column('key').doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0n,
            )
          : Number(
              (
                await db
                  .updateTable('settings')
                  .set({ value: raw })
                  .where('key', '=', key)
                  .where('value', '=', existing)
                  .executeTakeFirst()
              ).numUpdatedRows,
            );
      if (written === 0) throw await stale();
      return parseVersionedValues(raw, defaults);
    },
  };
}
