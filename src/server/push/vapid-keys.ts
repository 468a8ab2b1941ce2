import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { isValidVapidPair, type VapidKeys } from '../vapid-pair';

export type { VapidKeys };

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The server's VAPID key pair: from the settings when given, otherwise from
 * DATA_DIR/vapid-keys.json, generated on first start. The file is written aside and
 * linked into place, so a crash never leaves half a key and two processes starting
 * together agree on one pair. Every browser subscription is bound to the public key:
 * losing the file means every device has to turn notifications on again.
 */
export function loadVapidKeys(
  dataDir: string,
  configured?: VapidKeys,
  onGenerated: (file: string) => void = () => {},
): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (!fs.existsSync(file) && writeNewKeys(file)) onGenerated(file);
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!stored || typeof stored !== 'object' || !isValidVapidPair(stored)) {
    throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** True when this process wrote the file (false: another one got there first). */
function writeNewKeys(file: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(keys, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    // Another process won the race: its pair is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
