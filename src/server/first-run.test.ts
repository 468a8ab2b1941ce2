import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test/spawn-server';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-first-run-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const CODE_LINE = /Код приглашения: (\S+)/;

async function bannerCode(server: Awaited<ReturnType<typeof spawnServer>>): Promise<string> {
  await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(CODE_LINE);
  return CODE_LINE.exec(server.output())![1]!;
}

describe('first run: the invite code cannot get lost', () => {
  it('every start shows it boxed until the first account exists; npm run invite-code prints it; any case works', async () => {
    let server = await spawnServer(dataDir);
    const code = await bannerCode(server);
    expect(server.output()).toContain('станет владельцем');
    expect(server.output()).toContain(`${server.url}/register`);
    await server.stop();

    // A restart before anyone registered shows the same code again.
    server = await spawnServer(dataDir);
    expect(await bannerCode(server)).toBe(code);

    const printed = await run(process.execPath, ['--import', 'tsx', 'scripts/invite-code.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(printed.stdout).toContain(`Код приглашения: ${code}`);

    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: 'Владелец Виктор',
        email: 'owner@shop.example',
        password: 'a long shop password',
        inviteCode: ` ${code.toLowerCase().replace('-', ' ')} `,
      }),
    });
    expect(registered.status).toBe(201);
    await server.stop();

    server = await spawnServer(dataDir);
    // Give a banner time to appear, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).not.toMatch(CODE_LINE);
    await server.stop();
  }, 60_000);
});
