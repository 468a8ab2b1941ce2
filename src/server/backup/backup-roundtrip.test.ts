import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { multipart } from '../test/multipart';
import { FileNotFoundError, LocalFileStore, type FileStore } from '../files/file-store';
import { S3FileStore } from '../files/s3-file-store';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import {
  apiCaller,
  describeEachDatabase,
  type TestContext,
  sessionCookie,
  TEST_PASSWORD,
  testConfig,
  type SignedIn,
} from '../test/test-app';
import { COUNTED_TABLES, MANIFEST_NAME, type Manifest } from './manifest';
import { unpackAndVerify } from './read-backup';
import { restoreBackup, type RestoreTarget } from './restore-backup';
import { writeBackup } from './write-backup';

// Issue 21: a backup taken while people write restores elsewhere to the same counts,
// byte-identical files and the same worklist; a damaged archive is refused in Russian.

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

async function shaOfStored(store: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await store.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function storedKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys;
}

// Files on local disk, and in an S3 bucket on a real S3-compatible server (issue 23).
let s3: Promise<S3TestServer> | undefined;
const s3Server = () => (s3 ??= startS3TestServer());
afterAll(async () => {
  if (s3) await (await s3).stop();
});

type StoreKind = 'local' | 's3';

async function openStore(kind: StoreKind, dataDir: string, tempFolder?: string): Promise<FileStore> {
  const root = path.join(dataDir, 'files');
  if (kind === 'local') return new LocalFileStore(root, { tempFolder });
  return S3FileStore.open(await (await s3Server()).newBucket(), { tempRoot: root, tempFolder });
}

for (const storeKind of ['local', 's3'] as const) {
  describeEachDatabase(
    `backup and restore, files ${storeKind === 'local' ? 'on disk' : 'in S3'}`,
    (ctx) => backupSuite(ctx, storeKind),
    { openFileStore: (dataDir) => openStore(storeKind, dataDir) },
  );
}

function backupSuite(ctx: TestContext, storeKind: StoreKind) {
  let admin: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const cleanups: (() => Promise<void>)[] = [];
  let archive: string;
  let manifest: Manifest;

  /** A place to restore into: a fresh data folder and an empty database. */
  async function newTarget(): Promise<RestoreTarget> {
    const dataDir = tempDir('glz-restore-');
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const store = await openStore(storeKind, dataDir, '.tmp-restore');
    if (ctx.dialect === 'sqlite')
      return { dataDir, store, databaseUrl: `sqlite:${path.join(dataDir, 'db.sqlite')}` };
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `glz_restore_${randomBytes(5).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: url });
    await adminClient.connect();
    await adminClient.query(`create database ${name}`);
    await adminClient.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const target = new URL(url);
    target.pathname = `/${name}`;
    // The dump recreates the source's schema in the new database.
    return { dataDir, store, databaseUrl: target.toString(), pgSchema: ctx.database.schema };
  }

  async function openRestored(target: RestoreTarget): Promise<{ database: Database; app: FastifyInstance }> {
    const database = openDatabase(target.databaseUrl, { pgSchema: target.pgSchema });
    const app = await buildApp({
      config: { ...testConfig(), dataDir: target.dataDir },
      fileStore: target.store,
      database,
      webRoot: null,
    });
    cleanups.push(async () => {
      await app.close();
      await database.destroy();
    });
    return { database, app };
  }

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    for (let i = 0; i < 3; i += 1) {
      const created = await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: `Архивов Артём ${i}` },
        dueDate: '2026-11-30',
      });
      const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
      const body = multipart([
        { filename: `акт-${i}.pdf`, content: randomBytes(50_000 + i), type: 'application/pdf' },
        { filename: `пустой-${i}.txt`, content: Buffer.alloc(0), type: 'text/plain' },
      ]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/files`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    // Money (issue 50): a service, lines, a payer, an estimate, and a closed cash shift.
    const first = 1;
    const service = await call('POST', '/api/services', {
      name: 'Замена SSD',
      price: 250000,
      warrantyDays: 90,
    });
    const serviceId = service.json<{ service: { id: number } }>().service.id;
    const payer = await call('POST', '/api/payers', { name: 'ООО «Архив»' });
    await call('PUT', `/api/tickets/${first}/payer`, {
      payerId: payer.json<{ payer: { id: number } }>().payer.id,
    });
    await call('POST', `/api/tickets/${first}/lines`, {
      kind: 'work',
      name: 'Замена SSD',
      serviceId,
      price: 250000,
    });
    await call('POST', `/api/tickets/${first}/estimate`);
    const shift = await call('POST', '/api/cash/shifts', { openingCash: 10000 });
    await call('POST', `/api/tickets/${first}/payments`, { kind: 'payment', method: 'cash', amount: 100050 });
    await call('POST', '/api/cash/moves', { kind: 'out', amount: 5000, reason: 'Курьеру' });
    const { id, version } = shift.json<{ shift: { id: number; version: number } }>().shift;
    const closed = await call('POST', `/api/cash/shifts/${id}/close`, { version, countedCash: 105050 });
    expect(closed.statusCode, closed.body).toBe(200);
    // Stock (issue 51): a supplier, a part received, taken by a repair and counted.
    const supplier = await call('POST', '/api/suppliers', { name: 'ООО «Запчасти»' });
    const part = await call('POST', '/api/parts', { name: 'SSD 512 ГБ', place: 'Сейф' });
    const partId = part.json<{ part: { id: number } }>().part.id;
    const received = await call('POST', '/api/stock/receipts', {
      supplierId: supplier.json<{ supplier: { id: number } }>().supplier.id,
      lines: [{ partId, quantity: 3, cost: 300000 }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const taken = await call('POST', `/api/tickets/${first}/lines`, {
      kind: 'part',
      name: 'SSD 512 ГБ',
      partId,
      price: 500000,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const counted = await call('POST', '/api/stock/counts', {
      place: 'Сейф',
      reason: 'Пересчёт',
      lines: [{ partId, expected: 3, counted: 3 }],
    });
    expect(counted.statusCode, counted.body).toBe(201);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('backs up while people write: the archive holds one moment, whole', async () => {
    const before = Number(
      (
        await ctx.database.db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const response = await call('POST', '/api/tasks', { title: `Во время копии ${written}` });
        expect(response.statusCode).toBe(201);
        written += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const outDir = tempDir('glz-backups-');
    cleanups.push(async () => fs.rmSync(outDir, { recursive: true, force: true }));
    ({ file: archive, manifest } = await writeBackup(
      {
        database: ctx.database,
        databaseUrl: process.env.TEST_DATABASE_URL ?? '',
        dataDir: ctx.dataDir,
        store: ctx.store,
      },
      outDir,
      new Date('2026-11-23T21:40:05Z'),
    ));
    writing = false;
    await writer;
    expect(path.basename(archive)).toBe('gl-zadachi-backup-2026-11-23T21-40-05Z.tar.gz');
    expect(fs.readdirSync(outDir)).toEqual([path.basename(archive)]);
    expect(manifest.counts.tickets).toBe(3);
    expect(manifest.counts.files).toBe(6);
    expect(manifest.counts.tasks).toBeGreaterThanOrEqual(before);
    expect(manifest.counts.tasks).toBeLessThanOrEqual(before + written);
    expect(written).toBeGreaterThan(0);
    const paths = manifest.entries.map((entry) => entry.path);
    expect(paths[0]).toBe(ctx.dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
    expect(paths.filter((entry) => entry.startsWith('files/'))).toHaveLength(6);
  });

  it('restores into an empty place: the same counts, byte-identical files and push keys, the same worklist', async () => {
    const target = await newTarget();
    const restoredManifest = await restoreBackup(archive, target);
    expect(restoredManifest.counts).toEqual(manifest.counts);
    const restored = await openRestored(target);
    for (const table of COUNTED_TABLES) {
      const row = await restored.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(row?.n), table).toBe(manifest.counts[table]);
    }
    for (const table of [
      'services',
      'ticket_lines',
      'payments',
      'estimates',
      'cash_shifts',
      'cash_moves',
      'payers',
      'suppliers',
      'parts',
      'stock_receipts',
      'stock_receipt_lines',
      'stock_counts',
      'stock_count_lines',
      'stock_moves',
    ] as const) {
      expect(manifest.counts[table], table).toBeGreaterThan(0);
    }
    const files = await restored.database.db.selectFrom('files').select(['path']).execute();
    expect(files).toHaveLength(manifest.counts.files);
    for (const file of files) {
      expect(await shaOfStored(target.store, file.path)).toBe(await shaOfStored(ctx.store, file.path));
    }
    // Each file once, and nothing else (no thumbnails here: PDFs and text files).
    expect((await storedKeys(target.store)).sort()).toEqual(files.map((file) => file.path).sort());
    // The push keys are in the database (issue 23): the restored server signs with the same pair.
    const publicKey = async (app: FastifyInstance, cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/push/public-key', headers: { cookie } })).json<{
        publicKey: string;
      }>().publicKey;
    if (ctx.dialect === 'postgres') {
      // pg_restore loads rows without column statistics (its index builds count the rows only);
      // the restore runs ANALYZE (issue 22).
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stats where schemaname = ${target.pgSchema} and tablename = 'history'`.execute(
        restored.database.db,
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
    }

    // The same people sign in with the same passwords, and see the same list.
    const login = await restored.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await publicKey(restored.app, sessionCookie(login))).toBe(await publicKey(ctx.app, admin.cookie));
    const list = (app: FastifyInstance, cookie: string) =>
      app.inject({
        method: 'GET',
        url: '/api/work?states=new,in_progress,closed&limit=100',
        headers: { cookie },
      });
    const mine = (await list(restored.app, sessionCookie(login))).json<{
      items: { kind: string; id: number }[];
    }>();
    const theirs = (await list(ctx.app, admin.cookie)).json<{ items: { kind: string; id: number }[] }>();
    const original = new Map(theirs.items.map((item) => [`${item.kind}-${item.id}`, item]));
    expect(mine.items.length).toBe(manifest.counts.tickets + manifest.counts.tasks);
    for (const item of mine.items) expect(item).toEqual(original.get(`${item.kind}-${item.id}`));
    // The money reads the same: lines, payments, estimate, payer, and the shift's report.
    for (const url of ['/api/tickets/1/money', '/api/cash/shifts', '/api/payers']) {
      const read = async (app: FastifyInstance, cookie: string) =>
        (await app.inject({ method: 'GET', url, headers: { cookie } })).json();
      expect(await read(restored.app, sessionCookie(login)), url).toEqual(await read(ctx.app, admin.cookie));
    }
  });

  it('refuses a place that holds data, unless told', async () => {
    const target = await newTarget();
    await restoreBackup(archive, target);
    await expect(restoreBackup(archive, target)).rejects.toThrow(
      'Папка данных или база уже содержат данные. Восстановление заменит их: повторите с --force, если это и нужно',
    );
    if (ctx.dialect === 'sqlite') {
      const extra = target.store.newTempPath();
      fs.writeFileSync(extra, 'x');
      await target.store.moveIn(extra, 'лишний.txt');
      await restoreBackup(archive, { ...target, force: true });
      await expect(target.store.read('лишний.txt')).rejects.toBeInstanceOf(FileNotFoundError);
      expect(await storedKeys(target.store)).toHaveLength(manifest.counts.files);
    }
  });

  it.runIf(ctx.dialect === 'postgres')(
    'leaves no table behind where pg_restore stops part of the way (its jobs share no transaction)',
    async () => {
      const target = await newTarget();
      const schema = target.pgSchema ?? 'public';
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        // As a disk that fills while the indexes are built: the dump's tables and rows are in by then.
        await client.query(`create function refuse_index() returns event_trigger language plpgsql as $$
          begin raise exception 'нет места на диске'; end $$`);
        await client.query(`create event trigger refuse_index on ddl_command_start
          when tag in ('CREATE INDEX') execute function refuse_index()`);
        await expect(restoreBackup(archive, target)).rejects.toThrow(/нет места на диске/);
        const left = await client.query(
          'select table_name from information_schema.tables where table_schema = $1',
          [schema],
        );
        expect(left.rows).toEqual([]);
        // Nothing left to stop the next try: with the disk freed, the same archive restores.
        await client.query('drop event trigger refuse_index');
        expect((await restoreBackup(archive, target)).counts).toEqual(manifest.counts);
      } finally {
        await client.end();
      }
    },
  );

  it('says in Russian what is wrong with a damaged archive, and touches nothing', async () => {
    const target = await newTarget();
    const broken = tempDir('glz-broken-');
    cleanups.push(async () => fs.rmSync(broken, { recursive: true, force: true }));

    // One file's bytes changed, the manifest kept.
    const tampered = path.join(broken, 'tampered.tar.gz');
    await repack(archive, tampered, (name, body) =>
      name.startsWith('files/') && body.length > 0
        ? Buffer.concat([body.subarray(1), Buffer.from('!')])
        : body,
    );
    await expect(restoreBackup(tampered, target)).rejects.toThrow(
      /^Архив повреждён: файл files\/.* не совпадает с контрольной суммой/,
    );

    // A file missing.
    const missing = path.join(broken, 'missing.tar.gz');
    const dropped = manifest.entries.find((entry) => entry.path.startsWith('files/'))!.path;
    await repack(archive, missing, (name, body) => (name === dropped ? null : body));
    await expect(restoreBackup(missing, target)).rejects.toThrow(`Архив повреждён: нет файла ${dropped}`);

    // Cut short, as a copy that did not finish.
    const cut = path.join(broken, 'cut.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(cut, target)).rejects.toThrow(
      'Архив оборван или повреждён: прочитать его до конца не удалось',
    );

    // Cut inside its first entry (the database, most of a real archive): still «оборван».
    const early = path.join(broken, 'early.tar.gz');
    fs.writeFileSync(early, bytes.subarray(0, 400));
    await expect(restoreBackup(early, target)).rejects.toThrow(
      'Архив оборван или повреждён: прочитать его до конца не удалось',
    );

    // An entry the manifest does not list (a gzip bomb: 64 MiB of zeros) is refused before a
    // byte of it is written.
    const bomb = path.join(broken, 'bomb.tar.gz');
    await repack(archive, bomb, (name, body) => body, {
      name: 'files/zz-extra',
      body: Buffer.alloc(64 * 1024 * 1024),
    });
    expect(fs.statSync(bomb).size).toBeLessThan(fs.statSync(archive).size + 200_000);
    const staging = tempDir('glz-staging-');
    cleanups.push(async () => fs.rmSync(staging, { recursive: true, force: true }));
    await expect(unpackAndVerify(bomb, staging)).rejects.toThrow(
      'Архив повреждён: лишний файл files/zz-extra',
    );
    expect(fs.existsSync(path.join(staging, 'files', 'zz-extra'))).toBe(false);

    // Not a backup at all.
    const photo = path.join(broken, 'photo.jpg');
    fs.writeFileSync(photo, randomBytes(5000));
    await expect(restoreBackup(photo, target)).rejects.toThrow(
      'Это не резервная копия GL Задачи (нет описи manifest.json)',
    );

    // Nothing was put in place by any of them.
    expect(await storedKeys(target.store)).toEqual([]);
    if (ctx.dialect === 'sqlite')
      expect(fs.existsSync(target.databaseUrl.slice('sqlite:'.length))).toBe(false);
  });
}

/**
 * Rewrites an archive entry by entry: `change` returns new bytes, or null to leave the entry out;
 * `extra` is put in just before the manifest.
 */
async function repack(
  from: string,
  to: string,
  change: (name: string, body: Buffer) => Buffer | null,
  extra?: { name: string; body: Buffer },
) {
  const extract = tar.extract();
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), fs.createWriteStream(to));
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      if (extra && header.name === MANIFEST_NAME)
        pack.entry({ name: extra.name, size: extra.body.length }, extra.body);
      const body = change(header.name, Buffer.concat(chunks));
      if (body) pack.entry({ ...header, size: body.length }, body);
      next();
    });
  });
  await pipeline(fs.createReadStream(from), createGunzip(), extract);
  pack.finalize();
  await done;
}
