import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { S3_TEST_KEYS, startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import { formatDoctorReport, runDoctor, type Check } from './doctor-checks';

// Issue 23: `npm run doctor` says in plain words what is wrong — against a real SQLite file,
// PostgreSQL, and an S3-compatible server.

let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function place() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-doctor-'));
  dirs.push(dir);
  return { DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: path.join(dir, 'backups') };
}

const titled = (checks: Check[], start: string) => checks.find((check) => check.title.startsWith(start));

describe('npm run doctor', () => {
  it('names a bad setting and stops there', async () => {
    const checks = await runDoctor({ ...place(), S3_ENDPOINT: 'storage', PORT: 'eighty' });
    expect(checks).toHaveLength(1);
    expect(checks[0]?.status).toBe('fail');
    expect(checks[0]?.detail).toContain('PORT="eighty": expected a port number');
    expect(checks[0]?.detail).toContain('S3_ENDPOINT="storage"');
    expect(formatDoctorReport(checks)).toMatch(/^✗ Настройки содержат ошибку\n/);
  });

  it('a ready single-machine install behind HTTPS: all well; before the first start, migrations to apply', async () => {
    const where = place();
    const env = { ...where, PUBLIC_URL: 'https://tasks.shop.ru', TRUST_PROXY: '127.0.0.1' };
    const before = await runDoctor(env);
    expect(titled(before, 'База данных (SQLite) доступна; не применено миграций')?.status).toBe('warn');
    const database = openDatabase(`sqlite:${path.join(where.DATA_DIR, 'gl-zadachi.sqlite')}`);
    await migrateToLatest(database);
    await database.destroy();
    const checks = await runDoctor(env);
    expect(checks.filter((check) => check.status !== 'ok')).toEqual([]);
    expect(titled(checks, 'База данных (SQLite) доступна, схема в актуальном состоянии')).toBeDefined();
    expect(titled(checks, 'Адрес https://tasks.shop.ru (HTTPS, за прокси)')).toBeDefined();
    expect(formatDoctorReport(checks)).toMatch(/\nВсё в порядке\.\n$/);
  });

  it('warns about plain HTTP and too little free space', async () => {
    const checks = await runDoctor({
      ...place(),
      PUBLIC_URL: 'http://192.168.1.10:3000',
      MIN_FREE_DISK_MB: '100000000',
    });
    expect(titled(checks, 'PUBLIC_URL без HTTPS')?.status).toBe('warn');
    expect(titled(checks, 'Папка данных (DATA_DIR): свободно')?.status).toBe('fail');
    expect(formatDoctorReport(checks)).toMatch(/\nНужно исправить: 2; стоит посмотреть: 2\.\n$/);
  });

  it('writes, reads and deletes in the S3 bucket; says what is wrong with a bucket or a key', async () => {
    const bucket = await s3.newBucket();
    const s3Env = {
      S3_BUCKET: bucket.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    };
    const good = await runDoctor({ ...place(), ...s3Env });
    expect(titled(good, `Хранилище файлов S3 ${bucket.bucket}`)).toMatchObject({
      status: 'ok',
      title: `Хранилище файлов S3 ${bucket.bucket} (${s3.endpoint}): запись, чтение и удаление работают`,
    });
    const missing = await runDoctor({ ...place(), ...s3Env, S3_BUCKET: `${bucket.bucket}-gone` });
    expect(titled(missing, 'Хранилище файлов')).toMatchObject({
      status: 'fail',
      detail: 'Такой корзины нет: проверьте S3_BUCKET (и S3_REGION).',
    });
    const stranger = await runDoctor({ ...place(), ...s3Env, S3_ACCESS_KEY_ID: 'SOMEONE' });
    expect(titled(stranger, 'Хранилище файлов')).toMatchObject({
      status: 'fail',
      detail:
        'Доступ запрещён: ключ S3_ACCESS_KEY_ID не принят, секрет не подходит или у ключа нет прав на эту корзину.',
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: checks pg_dump against the server, and asks for S3 to run several instances',
    async () => {
      const checks = await runDoctor({ ...place(), DATABASE_URL: process.env.TEST_DATABASE_URL });
      expect(titled(checks, 'pg_dump')?.status).toBe('ok');
      expect(titled(checks, 'Несколько копий приложения не смогут делить файлы')?.status).toBe('warn');
      const unreachable = await runDoctor({ ...place(), DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' });
      expect(titled(unreachable, 'База данных (PostgreSQL) недоступна')?.status).toBe('fail');
    },
  );
});
