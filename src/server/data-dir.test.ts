import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-private-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the real server (as `npm start` does, without the build step) until it listens. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

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
