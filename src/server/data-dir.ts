import fs from 'node:fs';

/** Owner only: the database, uploaded files and the Web Push private key live here. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates DATA_DIR readable by the service's user alone, and tightens one made by an
 * earlier version (0755). Everything inside is then out of other users' reach, and
 * the process umask (main.ts) makes new files private as well.
 */
export function preparePrivateDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}
