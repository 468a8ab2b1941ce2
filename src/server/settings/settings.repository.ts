import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function readSetting(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export function writeSetting(db: Kysely<DB>, key: string, value: string) {
  return db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Stores the value only if the key is still absent; returns the value that won. */
export async function writeSettingOnce(db: Kysely<DB>, key: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key)) ?? value;
}
