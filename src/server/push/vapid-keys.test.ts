import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys';

describe('loadVapidKeys', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates a pair on first start, readable only by the owner, and keeps it', () => {
    const dir = tempDir();
    const generated: string[] = [];
    const first = loadVapidKeys(dir, undefined, (file) => generated.push(file));
    expect(generated).toEqual([path.join(dir, VAPID_KEYS_FILE)]);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(dir, undefined, (file) => generated.push(file))).toEqual(first);
    expect(generated).toHaveLength(1);
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it('uses keys from the settings without touching the data folder', () => {
    const dir = tempDir();
    const configured = webpush.generateVAPIDKeys();
    expect(loadVapidKeys(dir, configured)).toEqual(configured);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a damaged key file instead of silently replacing it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":"abc"}');
    expect(() => loadVapidKeys(dir)).toThrow(/does not hold a VAPID key pair/);
  });
});
