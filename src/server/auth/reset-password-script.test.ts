import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { testConfig } from '../test/test-app';
import { insertUser } from '../users/users.repository';
import { hashPassword } from './password';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-reset-'));
const databaseUrl = `sqlite:${path.join(dir, 'db.sqlite')}`;

function resetPassword(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/reset-password.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      PUBLIC_URL: 'https://tasks.shop.example',
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

describe('npm run reset-password', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints a one-time link that sets a new password', async () => {
    const database = openDatabase(databaseUrl);
    await migrateToLatest(database);
    await insertUser(database.db, {
      email: 'Owner@Shop.example',
      displayName: 'Владелец',
      role: 'admin',
      passwordHash: await hashPassword('forgotten phrase 1'),
      now: new Date().toISOString(),
    });
    await database.destroy();

    const printed = await resetPassword('owner@shop.example');
    expect(printed.code).toBe(0);
    const link = /https:\/\/tasks\.shop\.example\/reset-password#([\w-]+)/.exec(printed.out);
    expect(link, printed.out).not.toBeNull();
    expect((await resetPassword('nobody@shop.example')).out).toContain('No account');
    expect((await resetPassword()).code).toBe(2);

    const reopened = openDatabase(databaseUrl);
    const app = await buildApp({ config: testConfig(), database: reopened, webRoot: null });
    try {
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token: link![1], password: 'remembered phrase 2' },
      });
      expect(reset.statusCode).toBe(204);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'owner@shop.example', password: 'remembered phrase 2' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
      await reopened.destroy();
    }
  }, 30_000);
});
