import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createBackupService } from './backup-service';
import { apiCaller, describeEachDatabase, testConfig, type SignedIn } from '../test/test-app';
import { buildApp } from '../app';
import { createWorkRules } from '../settings/work-rules';

// Issue 21: admins list, make and download backups; the automatic one is made once a day by one
// instance, and only the newest BACKUP_KEEP are kept.
describeEachDatabase('backups page and automatic backups', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => admin);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.register({ displayName: 'Сотрудников Савва' });
  });

  it('an admin makes one now, sees it listed and downloads it; an employee may not', async () => {
    type Listing = {
      backups: { name: string; size: number; createdAt: string }[];
      inProgress: boolean;
      lastFailure: null | { message: string };
      schedule: { hour: number | null; keep: number };
    };
    const listing = async () => (await call('GET', '/api/backups')).json<Listing>();
    expect(await listing()).toMatchObject({
      backups: [],
      inProgress: false,
      lastFailure: null,
      schedule: { hour: null, keep: 14 },
    });
    const made = await call('POST', '/api/backups');
    expect(made.statusCode, made.body).toBe(202);
    let current = await listing();
    for (let wait = 0; current.inProgress && wait < 200; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = await listing();
    }
    expect(current.inProgress).toBe(false);
    const [backup] = current.backups;
    if (!backup) throw new Error('no backup listed');
    // Named by the shop's clock (Москва, the default zone), not UTC (issue 48).
    expect(backup.name).toBe('gl-zadachi-backup-2026-11-22T12-00-00+03-00.tar.gz');
    expect(backup.createdAt).toBe('2026-11-22T09:00:00.000Z');
    expect(current.backups).toHaveLength(1);
    const download = await call('GET', `/api/backups/${backup.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.length).toBe(backup.size);
    expect(download.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${backup.name}`],
    ] as const) {
      expect((await call(method, url, undefined, staff)).statusCode).toBe(403);
    }
    const missing = await call('GET', '/api/backups/gl-zadachi-backup-2020-01-01T00-00-00Z.tar.gz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Резервная копия не найдена');
    expect((await call('GET', '/api/backups/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('the automatic backup: once a day at its hour, by one of two instances, keeping the newest', async () => {
    const backupDir = fs.mkdtempSync(path.join(ctx.dataDir, '..', 'auto-backups-'));
    let now = new Date('2026-11-23T23:59:00.000Z'); // 02:59 on 24.11 in Москва
    const clock = { now: () => new Date(now) };
    const instance = (owner: string) =>
      createBackupService({
        database: ctx.database,
        databaseUrl: process.env.TEST_DATABASE_URL ?? '',
        dataDir: ctx.dataDir,
        store: ctx.store,
        backupDir,
        hour: 3,
        keep: 2,
        clock,
        rules: () => createWorkRules(ctx.database.db, clock).get(),
        log: ctx.app.log,
        owner,
      });
    const [a, b] = [instance('a'), instance('b')];
    const names = () =>
      fs
        .readdirSync(backupDir)
        .filter((name) => name.endsWith('.tar.gz'))
        .sort();
    await Promise.all([a.tick(), b.tick()]);
    expect(names()).toEqual([]);
    // One at a time per instance: a second asked for while one is being made is refused.
    const first = a.write();
    await expect(a.write()).rejects.toThrow('Резервная копия уже делается, подождите');
    const extra = await first;
    fs.rmSync(path.join(backupDir, extra.name));
    for (const [day, at] of [
      ['24', '2026-11-24T00:00:00.000Z'],
      ['25', '2026-11-25T00:00:30.000Z'],
      ['26', '2026-11-26T00:01:00.000Z'],
    ] as const) {
      now = new Date(at);
      await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      expect(names().some((name) => name.startsWith(`gl-zadachi-backup-2026-11-${day}T03`))).toBe(true);
    }
    // One a day, whichever instance; the oldest gone (BACKUP_KEEP 2).
    expect(names()).toEqual([
      'gl-zadachi-backup-2026-11-25T03-00-30+03-00.tar.gz',
      'gl-zadachi-backup-2026-11-26T03-01-00+03-00.tar.gz',
    ]);
    const jobs = await ctx.database.db
      .selectFrom('jobs')
      .select(['key', 'outcome'])
      .where('kind', '=', 'backup')
      .orderBy('key')
      .execute();
    expect(jobs.map((job) => job.key)).toEqual([
      'backup:2026-11-24',
      'backup:2026-11-25',
      'backup:2026-11-26',
    ]);
    expect(jobs.every((job) => job.outcome.startsWith('written '))).toBe(true);
  });

  it('closing the app waits for a backup started from the page: its snapshot is not left holding the tables', async () => {
    const config = testConfig({ backupDir: fs.mkdtempSync(path.join(ctx.dataDir, '..', 'close-backups-')) });
    const app = await buildApp({ config, clock: ctx.clock, webRoot: null, database: ctx.database });
    app.backups.writeInBackground();
    expect(app.backups.status().inProgress).toBe(true);
    await app.close();
    expect(app.backups.status().inProgress).toBe(false);
    expect(fs.readdirSync(config.backupDir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
  });
});
