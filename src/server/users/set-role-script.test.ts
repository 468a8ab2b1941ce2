import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { insertUser } from './users.repository';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-set-role-'));
const databaseUrl = `sqlite:${path.join(dir, 'db.sqlite')}`;

function setRole(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

describe('npm run set-role', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('promotes by e-mail, keeps the last admin and explains bad input', async () => {
    const database = openDatabase(databaseUrl);
    await migrateToLatest(database);
    const now = new Date().toISOString();
    for (const [email, role] of [
      ['boss@shop.ru', 'admin'],
      ['Worker@Shop.ru', 'employee'],
    ] as const) {
      await insertUser(database.db, { email, displayName: email, role, passwordHash: 'x', now });
    }
    await database.destroy();

    expect(await setRole('worker@shop.ru', 'admin')).toMatchObject({ code: 0 });
    expect((await setRole('boss@shop.ru', 'employee')).code).toBe(0);
    const last = await setRole('worker@shop.ru', 'employee');
    expect(last.code).toBe(1);
    expect(last.out).toContain('Нельзя оставить систему без владельца');
    expect((await setRole('nobody@shop.ru', 'admin')).out).toContain('No account');
    expect((await setRole('worker@shop.ru', 'king')).code).toBe(2);
  }, 30_000);
});
