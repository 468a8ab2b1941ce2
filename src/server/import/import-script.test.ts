import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNTED_TABLES } from '../backup/manifest';
import { openDatabase } from '../db/database';
import { makeSampleExport } from './sample-export';

// Issue 21: `npm run import` as a person runs it — a dry run first, then the import killed
// part-way (SIGKILL, as a power cut would), then run again: the end is what one clean run makes.

const exec = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-import-cli-'));
const filesDir = path.join(dir, 'files');
const exportFile = path.join(dir, 'export.json');
const sample = makeSampleExport(11, { users: 5, clients: 150, tickets: 300, tasks: 150 }, filesDir);
fs.writeFileSync(exportFile, JSON.stringify(sample.json));

const args = (...extra: string[]) => [
  '--import',
  'tsx',
  'scripts/import.ts',
  '--from',
  exportFile,
  '--files',
  filesDir,
  ...extra,
];
const envFor = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: `sqlite:${path.join(dataDir, 'db.sqlite')}`,
  BACKUP_HOUR: 'off',
});

function importCli(dataDir: string, ...extra: string[]) {
  return exec(process.execPath, args(...extra), { env: envFor(dataDir) }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

async function countsIn(dataDir: string) {
  const database = openDatabase(`sqlite:${path.join(dataDir, 'db.sqlite')}`);
  try {
    const result: Record<string, number> = {};
    for (const table of [...COUNTED_TABLES, 'import_sources'] as const) {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  } finally {
    await database.destroy();
  }
}

const storedFiles = (dataDir: string) =>
  (fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }) as string[]).filter(
    (name) => !name.startsWith('.tmp') && fs.statSync(path.join(dataDir, 'files', name)).isFile(),
  ).length;

describe('npm run import', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('explains a missing or unreadable export in Russian', async () => {
    const data = path.join(dir, 'data-bad');
    const missing = await exec(process.execPath, ['--import', 'tsx', 'scripts/import.ts'], {
      env: envFor(data),
    }).catch((e: { code: number; stderr: string }) => e);
    expect(missing).toMatchObject({ code: 2 });
    expect((missing as { stderr: string }).stderr).toContain('Укажите файл выгрузки');
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{"tickets": [');
    const result = await exec(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from', broken], {
      env: envFor(data),
    }).catch((e: { code: number; stderr: string }) => e);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain('Файл не читается как JSON');
  }, 30_000);

  it('killed part-way and run again, ends as one clean run does; a third run adds nothing', async () => {
    const clean = path.join(dir, 'data-clean');
    const dry = await importCli(clean, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Пробный прогон');
    expect(dry.out).toContain(`Заявки: в выгрузке ${300 + 9}, будет добавлено ${305}`);
    const once = await importCli(clean);
    expect(once.code).toBe(0);
    expect(once.out).toContain('Новые сотрудники входят, задав пароль по одноразовой ссылке');
    const expected = await countsIn(clean);

    const cut = path.join(dir, 'data-cut');
    const child = spawn(process.execPath, args(), { env: envFor(cut), stdio: ['ignore', 'pipe', 'pipe'] });
    let progress = '';
    const killedAt = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        progress += chunk.toString();
        // Past people and clients, inside the tickets: a third of the way or more.
        const match = /Перенесено: (\d+) из (\d+)\n$/.exec(progress);
        if (match && Number(match[1]) >= Number(match[2]) / 3 && Number(match[1]) < Number(match[2])) {
          child.kill('SIGKILL');
          resolve(match[0]);
        }
      });
      child.on('exit', () => reject(new Error(`finished before it was killed: ${progress}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(killedAt).toMatch(/Перенесено/);
    const part = await countsIn(cut);
    expect(part.tickets).toBeLessThan(expected.tickets!);

    const resumed = await importCli(cut);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/Заявки: в выгрузке 309, добавлено \d+, уже были [1-9]\d*/);
    expect(await countsIn(cut)).toEqual(expected);
    expect(storedFiles(cut)).toBe(storedFiles(clean));

    const third = await importCli(cut);
    expect(third.out).toContain('Заявки: в выгрузке 309, добавлено 0, уже были 305');
    expect(await countsIn(cut)).toEqual(expected);
  }, 120_000);
});
