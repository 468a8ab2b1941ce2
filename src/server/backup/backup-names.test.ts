import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_NAME_PATTERN, backupCreatedAt, backupFileName } from './manifest';
import { removeLeftovers } from './write-backup';

describe('backup names (issue 48: the shop’s clock, not UTC)', () => {
  const at = new Date('2026-11-23T22:45:00.000Z');

  it('carry the shop’s time and offset, and read back to the same moment', () => {
    for (const [zone, name] of [
      ['Europe/Moscow', 'gl-zadachi-backup-2026-11-24T01-45-00+03-00.tar.gz'],
      ['Asia/Kamchatka', 'gl-zadachi-backup-2026-11-24T10-45-00+12-00.tar.gz'],
      ['UTC', 'gl-zadachi-backup-2026-11-23T22-45-00+00-00.tar.gz'],
      [undefined, 'gl-zadachi-backup-2026-11-23T22-45-00Z.tar.gz'],
    ] as const) {
      expect(backupFileName(at, zone)).toBe(name);
      expect(BACKUP_NAME_PATTERN.test(name)).toBe(true);
      expect(backupCreatedAt(name).toISOString()).toBe(at.toISOString());
    }
    expect(BACKUP_NAME_PATTERN.test('gl-zadachi-backup-2026-11-24T01-45-00+03-00.tar.gz.partial')).toBe(
      false,
    );
  });
});

describe('what an interrupted backup left', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is removed by the next backup; a running backup’s folder is kept', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-leftovers-'));
    dirs.push(out);
    // A process that has ended: its pid is free (a killed `npm run backup`).
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(ended.stdout.toString());
    const folder = (name: string, owner: string) => {
      fs.mkdirSync(path.join(out, name));
      fs.writeFileSync(path.join(out, name, 'owner'), owner);
      fs.writeFileSync(path.join(out, name, 'gl-zadachi.sqlite'), 'copy');
    };
    folder('.backup-killed', `${os.hostname()}:${deadPid}`);
    folder('.backup-running', `${os.hostname()}:${process.pid}`);
    const legacyPartial = 'gl-zadachi-backup-2026-11-20T03-00-00Z.tar.gz.partial';
    fs.writeFileSync(path.join(out, legacyPartial), 'half');
    const finished = 'gl-zadachi-backup-2026-11-19T03-00-00Z.tar.gz';
    fs.writeFileSync(path.join(out, finished), 'whole');

    expect(await removeLeftovers(out)).toEqual(['.backup-killed']);
    expect(fs.readdirSync(out).sort()).toEqual(['.backup-running', finished, legacyPartial].sort());

    // With no backup under way, the partial archive an older version left beside them goes too.
    fs.rmSync(path.join(out, '.backup-running'), { recursive: true });
    expect(await removeLeftovers(out)).toEqual([legacyPartial]);
    expect(fs.readdirSync(out)).toEqual([finished]);
  });
});
