import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test/spawn-server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-private-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const startServer = (dataDir: string) => spawnServer(dataDir);

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data folder is private', () => {
  it('a fresh DATA_DIR is 0700 and the database, its journal and the keys 0600', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const server = await startServer(dataDir);
    try {
      // A write, so the journal holds something.
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.ru', password: 'x' }),
      });
      expect(response.status).toBe(401);
      expect(modeOf(dataDir)).toBe(0o700);
      const created = fs.readdirSync(dataDir);
      expect(created).toContain('gl-zadachi.sqlite');
      for (const name of created) {
        const file = path.join(dataDir, name);
        expect(modeOf(file), name).toBe(fs.statSync(file).isDirectory() ? 0o700 : 0o600);
      }
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a folder made world-readable by an earlier version is tightened at start', async () => {
    const dataDir = path.join(root, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const server = await startServer(dataDir);
    await server.stop();
    expect(modeOf(dataDir)).toBe(0o700);
  }, 30_000);
});
