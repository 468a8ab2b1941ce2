import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { readSetting, writeSetting } from '../settings/settings.repository';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { loadVapidKeys, VAPID_KEYS_FILE, VAPID_SETTING } from './vapid-keys';

for (const dialect of testDialects()) {
  describe(`loadVapidKeys [${dialect}]`, () => {
    let test: TestDatabase;
    let other: Database;
    const dirs: string[] = [];
    const tempDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-vapid-'));
      dirs.push(dir);
      return dir;
    };
    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      other = test.openAnother();
    });
    afterEach(async () => {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
      await test.database.db.deleteFrom('settings').where('key', '=', VAPID_SETTING).execute();
    });
    afterAll(async () => {
      await other.destroy();
      await test.cleanup();
    });

    it('generates one pair into the database; two instances starting together (own data folders) agree on it', async () => {
      let generated = 0;
      const [a, b] = await Promise.all([
        loadVapidKeys(test.database.db, tempDir(), undefined, () => (generated += 1)),
        loadVapidKeys(other.db, tempDir(), undefined, () => (generated += 1)),
      ]);
      expect(a).toEqual(b);
      expect(generated).toBe(1);
      expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);
      expect(await loadVapidKeys(test.database.db, tempDir())).toEqual(a);
      expect(JSON.parse((await readSetting(test.database.db, VAPID_SETTING)) ?? '')).toEqual(a);
    });

    it('an install from before keeps its pair: the data folder file is moved into the database', async () => {
      const dir = tempDir();
      const old = webpush.generateVAPIDKeys();
      fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), JSON.stringify(old));
      let generated = 0;
      expect(await loadVapidKeys(test.database.db, dir, undefined, () => (generated += 1))).toEqual(old);
      expect(generated).toBe(0);
      // Another instance without the file signs with it too.
      expect(await loadVapidKeys(other.db, tempDir())).toEqual(old);
    });

    it('uses keys from the settings without touching the database or the data folder', async () => {
      const dir = tempDir();
      const configured = webpush.generateVAPIDKeys();
      expect(await loadVapidKeys(test.database.db, dir, configured)).toEqual(configured);
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(await readSetting(test.database.db, VAPID_SETTING)).toBeUndefined();
    });

    it('refuses a damaged pair instead of silently replacing it', async () => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":"abc"}');
      await expect(loadVapidKeys(test.database.db, dir)).rejects.toThrow(/does not hold a VAPID key pair/);
      await writeSetting(test.database.db, VAPID_SETTING, 'not json');
      await expect(loadVapidKeys(test.database.db, tempDir())).rejects.toThrow(
        'the database setting vapid_keys does not hold a VAPID key pair',
      );
    });
  });
}
