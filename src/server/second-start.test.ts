import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clearStaleTemp } from './files/file-store';
import { spawnServer } from './test/spawn-server';

// Issue 48: a second `npm start` on the same data folder emptied the running server's uploads in
// progress (files/.tmp) and only then failed on the busy port.

describe('a second start on a busy port', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-second-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-backups`, { recursive: true, force: true });
  });

  it('says why in Russian and touches nothing', async () => {
    const running = await spawnServer(dataDir);
    try {
      const inFlight = path.join(dataDir, 'files', '.tmp', 'upload-in-progress');
      fs.writeFileSync(inFlight, 'half a photo');
      const port = new URL(running.url).port;
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: port,
          HOST: '127.0.0.1',
          DATABASE_URL: '',
          BACKUP_HOUR: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`Порт ${port} уже занят`);
      expect(output).toContain('Ничего не изменено.');
      // It stopped before its first log line (the settings, read when the database opens).
      expect(output).not.toContain('"msg":"settings"');
      expect(fs.readFileSync(inFlight, 'utf8')).toBe('half a photo');
      const health = await fetch(`${running.url}/api/config`);
      expect(health.status).toBe(200);
    } finally {
      await running.stop();
    }
  }, 60_000);
});

describe('clearing the temporary folder at start', () => {
  it('removes only what has not been written to for an hour', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-temp-'));
    try {
      fs.writeFileSync(path.join(dir, 'old'), 'x');
      const hourAgo = new Date(Date.now() - 2 * 3_600_000);
      fs.utimesSync(path.join(dir, 'old'), hourAgo, hourAgo);
      fs.writeFileSync(path.join(dir, 'fresh'), 'y');
      clearStaleTemp(dir);
      expect(fs.readdirSync(dir)).toEqual(['fresh']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
