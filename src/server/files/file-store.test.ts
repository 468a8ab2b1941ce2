import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import { FileNotFoundError, LocalFileStore, StorageUnavailableError, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

// One contract, two stores (issue 23): local disk and an S3 bucket on a real S3-compatible
// server. Whatever the store, a file goes in whole or not at all and reads back byte for byte.

let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-store-'));
  dirs.push(dir);
  return path.join(dir, 'files');
}

const makers: Record<string, () => Promise<FileStore>> = {
  'local disk': async () => new LocalFileStore(tempRoot()),
  'S3 bucket': async () => S3FileStore.open(await s3.newBucket(), { tempRoot: tempRoot() }),
};

async function put(store: FileStore, key: string, bytes: Buffer) {
  const temp = store.newTempPath();
  fs.writeFileSync(temp, bytes);
  await store.moveIn(temp, key);
  expect(fs.existsSync(temp), 'the temporary file is gone once stored').toBe(false);
}

async function readAll(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(store: FileStore): Promise<[string, number][]> {
  const found: [string, number][] = [];
  for await (const { key, size } of store.list()) found.push([key, size]);
  return found.sort(([a], [b]) => (a < b ? -1 : 1));
}

for (const [name, make] of Object.entries(makers)) {
  describe(`file store: ${name}`, () => {
    it('stores, reads back byte for byte, lists with sizes; Cyrillic names, empty and large files', async () => {
      const store = await make();
      const big = randomBytes(3 * 1_048_576 + 17);
      await put(store, 'tickets/12/files/1795316807386_акт приёмки.pdf', Buffer.from('%PDF-1.4 акт'));
      await put(store, 'tickets/12/files/1795316807387_пусто.txt', Buffer.alloc(0));
      await put(store, 'tasks/3/photos/1795316807388_фото.jpg', big);
      expect(await readAll(store, 'tickets/12/files/1795316807386_акт приёмки.pdf')).toEqual(
        Buffer.from('%PDF-1.4 акт'),
      );
      expect((await readAll(store, 'tickets/12/files/1795316807387_пусто.txt')).length).toBe(0);
      const back = await readAll(store, 'tasks/3/photos/1795316807388_фото.jpg');
      expect(createHash('sha256').update(back).digest('hex')).toBe(
        createHash('sha256').update(big).digest('hex'),
      );
      expect(await keys(store)).toEqual([
        ['tasks/3/photos/1795316807388_фото.jpg', big.length],
        ['tickets/12/files/1795316807386_акт приёмки.pdf', Buffer.byteLength('%PDF-1.4 акт')],
        ['tickets/12/files/1795316807387_пусто.txt', 0],
      ]);
    });

    it('says a missing file is missing; removing one twice is fine', async () => {
      const store = await make();
      await expect(store.read('tickets/1/files/нет.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
      await put(store, 'tickets/1/files/a.txt', Buffer.from('a'));
      await store.remove('tickets/1/files/a.txt');
      await store.remove('tickets/1/files/a.txt');
      await expect(store.read('tickets/1/files/a.txt')).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('removes a folder and only that folder (tickets/1, not tickets/10)', async () => {
      const store = await make();
      await put(store, 'tickets/1/files/a.txt', Buffer.from('a'));
      await put(store, 'tickets/1/files/thumbs/1.webp', Buffer.from('t'));
      await put(store, 'tickets/10/files/b.txt', Buffer.from('b'));
      await store.removeFolder('tickets/1');
      expect((await keys(store)).map(([key]) => key)).toEqual(['tickets/10/files/b.txt']);
      await store.removeFolder('tickets/777');
      await store.removeAll();
      expect(await keys(store)).toEqual([]);
    });

    it('refuses keys that step outside the store', async () => {
      const store = await make();
      const temp = store.newTempPath();
      fs.writeFileSync(temp, 'x');
      await expect(store.moveIn(temp, '../outside.txt')).rejects.toThrow('file key outside the store');
      await expect(store.read('tickets/../../etc/passwd')).rejects.toThrow('file key outside the store');
    });
  });
}

describe('S3 bucket failures', () => {
  it('a bucket that is not there: nothing stored, the temporary file kept for the caller to discard', async () => {
    const settings = await s3.newBucket();
    const store = await S3FileStore.open(
      { ...settings, bucket: `${settings.bucket}-missing` },
      { tempRoot: tempRoot() },
    );
    const temp = store.newTempPath();
    fs.writeFileSync(temp, 'x');
    await expect(store.moveIn(temp, 'tickets/1/files/a.txt')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(fs.existsSync(temp)).toBe(true);
    await expect(store.read('tickets/1/files/a.txt')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('a server that does not answer: StorageUnavailableError, not a missing file', async () => {
    const settings = await s3.newBucket();
    const store = await S3FileStore.open(
      { ...settings, endpoint: 'http://127.0.0.1:9' },
      { tempRoot: tempRoot() },
    );
    await expect(store.read('tickets/1/files/a.txt')).rejects.toBeInstanceOf(StorageUnavailableError);
    store.close();
  });

  it('a server that accepts the connection and then says nothing: given up on, not waited on for ever', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const settings = await s3.newBucket();
      const store = await S3FileStore.open(
        { ...settings, endpoint: `http://127.0.0.1:${port}` },
        { tempRoot: tempRoot(), idleTimeoutMs: 300 },
      );
      const started = Date.now();
      await expect(store.read('tickets/1/files/a.txt')).rejects.toBeInstanceOf(StorageUnavailableError);
      const temp = store.newTempPath();
      fs.writeFileSync(temp, 'x');
      await expect(store.moveIn(temp, 'tickets/1/files/a.txt')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      store.close();
    } finally {
      silent.close();
    }
  });

  it('a "folder" made in the bucket by hand and the doctor\'s probe are not listed as files', async () => {
    const settings = await s3.newBucket();
    const store = await S3FileStore.open(settings, { tempRoot: tempRoot() });
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client(settings);
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: 'tickets/', Body: '' }));
    await client.send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: '.doctor/abc/probe.txt', Body: 'x' }),
    );
    client.destroy();
    await put(store, 'tickets/5/files/a.txt', Buffer.from('a'));
    expect(await keys(store)).toEqual([['tickets/5/files/a.txt', 1]]);
    await store.removeAll();
    const { S3Client: Again, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const lister = new Again(settings);
    const left = await lister.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    lister.destroy();
    expect(left.Contents ?? []).toEqual([]);
  });

  it('keys the server does not know: refused', async () => {
    const settings = await s3.newBucket();
    const store = await S3FileStore.open(
      { ...settings, credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'x' } },
      { tempRoot: tempRoot() },
    );
    await expect(store.probe()).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
