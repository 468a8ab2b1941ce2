import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { multipart, type UploadPart } from '../test/multipart';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import { describeEachDatabase, type SignedIn } from '../test/test-app';
import type { FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

// Issue 23: the app with its files in an S3 bucket on a real S3-compatible server — the same
// upload rules (all or nothing, content proven, thumbnails), streamed reads, deletion on
// purge, and a clear Russian message (never a half-record) when the bucket does not answer.

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.stop();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function storedKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys.sort();
}

describeEachDatabase(
  'files in an S3 bucket',
  (ctx) => {
    let admin: SignedIn;
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: { cookie: admin.cookie, 'x-requested-with': 'fetch' },
        ...(payload ? { payload } : {}),
      });
    const upload = (id: number, parts: UploadPart[]) => {
      const body = multipart(parts);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/files`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
    };
    const newTicket = async () => {
      const response = await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        client: { mode: 'new', fullName: 'Облаков Олег' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ ticket: TicketDetailDto }>().ticket;
    };

    beforeAll(async () => {
      admin = await ctx.loginAs('admin');
    });

    it('stores uploads in the bucket, proven and whole; serves them back byte for byte; thumbnails too', async () => {
      const ticket = await newTicket();
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
        .jpeg()
        .toBuffer();
      const uploaded = await upload(ticket.id, [
        { filename: 'акт приёмки.pdf', content: pdf, type: 'application/pdf' },
        { filename: 'плата.jpg', content: photo, type: 'image/jpeg' },
      ]);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const [pdfFile, photoFile] = uploaded.json<{ ticket: TicketDetailDto }>().ticket.attachments;

      const keys = await storedKeys(ctx.store);
      expect(keys).toHaveLength(3);
      expect(keys.every((key) => key.startsWith(`tickets/${ticket.id}/files/`))).toBe(true);
      expect(keys.filter((key) => key.includes('/thumbs/'))).toHaveLength(1);
      // Nothing is on local disk but the (emptied) temporary folder.
      const local = fs.readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true });
      expect(local.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);

      const pdfBack = await call('GET', pdfFile!.url);
      expect(pdfBack.statusCode).toBe(200);
      expect(pdfBack.headers['content-type']).toBe('application/pdf');
      expect(sha(pdfBack.rawPayload)).toBe(sha(pdf));
      expect(sha((await call('GET', photoFile!.url)).rawPayload)).toBe(sha(photo));
      const thumb = await call('GET', photoFile!.thumbUrl!);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    });

    it('a file that is not what it says is refused and nothing reaches the bucket', async () => {
      const ticket = await newTicket();
      const before = await storedKeys(ctx.store);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/pvz-photos`,
        headers: { ...multipart([]).headers, cookie: admin.cookie },
        payload: multipart([
          { filename: 'фото.jpg', content: Buffer.from('не картинка'), type: 'image/jpeg' },
        ]).payload,
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(await storedKeys(ctx.store)).toEqual(before);
    });

    it('a ticket purged from the Корзина takes its files out of the bucket', async () => {
      const ticket = await newTicket();
      const uploaded = await upload(ticket.id, [
        { filename: 'чек.pdf', content: Buffer.from('%PDF-1.4 чек'), type: 'application/pdf' },
      ]);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const folder = `tickets/${ticket.id}/`;
      expect((await storedKeys(ctx.store)).filter((key) => key.startsWith(folder))).toHaveLength(1);
      expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
      // In the Корзина the files stay: it can come back.
      expect((await storedKeys(ctx.store)).filter((key) => key.startsWith(folder))).toHaveLength(1);
      expect((await call('DELETE', `/api/trash/ticket/${ticket.id}`)).statusCode).toBe(204);
      expect((await storedKeys(ctx.store)).filter((key) => key.startsWith(folder))).toEqual([]);
    });
  },
  {
    openFileStore: async (dataDir) =>
      S3FileStore.open(await s3.newBucket(), { tempRoot: path.join(dataDir, 'files') }),
  },
);

// The bucket's server stops answering: an upload gets a Russian message and leaves no record.
describeEachDatabase(
  'files in an S3 bucket that stops answering',
  (ctx) => {
    it('an upload is refused with a message to try again; no file row, no temporary file left', async () => {
      const admin = await ctx.loginAs('admin');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie: admin.cookie, 'x-requested-with': 'fetch' },
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Обрывов Олег' } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
      await unreachable.stop();
      const body = multipart([
        { filename: 'акт.pdf', content: Buffer.from('%PDF-1.4 акт'), type: 'application/pdf' },
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/files`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(
        'Хранилище файлов сейчас недоступно. Попробуйте ещё раз через минуту',
      );
      const rows = await ctx.database.db
        .selectFrom('files')
        .select('id')
        .where('ticket_id', '=', ticket.id)
        .execute();
      expect(rows).toEqual([]);
      const local = fs.readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true });
      expect(local.filter((entry) => entry.isFile())).toEqual([]);
    });
  },
  {
    openFileStore: async (dataDir) => {
      unreachable = await startS3TestServer();
      return S3FileStore.open(await unreachable.newBucket(), { tempRoot: path.join(dataDir, 'files') });
    },
  },
);
let unreachable: S3TestServer;
