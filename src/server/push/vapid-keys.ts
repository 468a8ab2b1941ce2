import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../db/schema';
import { readSetting, writeSettingOnce } from '../settings/settings.repository';
import { isValidVapidPair, type VapidKeys } from '../vapid-pair';

export type { VapidKeys };

/** Where earlier versions kept a generated pair; still read once, to move it into the database. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** The settings row holding a generated pair (issue 23). */
export const VAPID_SETTING = 'vapid_keys';

/**
 * The server's VAPID key pair: from the settings (VAPID_* variables) when given; otherwise the
 * pair kept in the database, generated on first start. In the database, every instance of the
 * app signs with the same pair and a database backup carries it. Of two instances starting
 * together one pair wins (an insert that does nothing when the row exists). An install from
 * before keeps its pair: DATA_DIR/vapid-keys.json is moved in. Every browser subscription is
 * bound to the public key: losing the pair means every device has to turn notifications on again.
 */
export async function loadVapidKeys(
  db: Kysely<DB>,
  dataDir: string,
  configured?: VapidKeys,
  onGenerated: () => void = () => {},
): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = await readSetting(db, VAPID_SETTING);
  if (stored !== undefined) return parsePair(stored, 'the database setting vapid_keys');
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  let candidate: VapidKeys;
  if (fs.existsSync(file)) candidate = parsePair(fs.readFileSync(file, 'utf8'), file);
  else {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    candidate = { publicKey, privateKey };
  }
  const won = await writeSettingOnce(db, VAPID_SETTING, JSON.stringify(candidate));
  const pair = parsePair(won, 'the database setting vapid_keys');
  if (!fs.existsSync(file) && pair.publicKey === candidate.publicKey) onGenerated();
  return pair;
}

function parsePair(text: string, where: string): VapidKeys {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object' || !isValidVapidPair(stored)) {
    throw new Error(`${where} does not hold a VAPID key pair; remove it to generate a new one`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
