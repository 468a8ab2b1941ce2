import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, type UploadPart } from '../test/multipart';
import { pngBomb } from '../test/png-bomb';
import { describeEachDatabase, testConfig, type SignedIn, type TestContext } from '../test/test-app';
import { requestByteCounter, type UploadLimits } from './upload-limits';

function upload(ctx: TestContext, who: SignedIn, url: string, parts: UploadPart[]) {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
}

async function storedFileCount(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('upload guards', (ctx) => {
  let anna: SignedIn;
  beforeAll(async () => {
    anna = await ctx.loginAs('admin');
  });

  it('a photo declaring 16000×16000 is refused from its header, without decoding', async () => {
    const task = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie: anna.cookie },
        payload: { title: 'Бомба' },
      })
    ).json().task;
    const bomb = await pngBomb(16_000);
    expect(bomb.length).toBeLessThan(1_048_576);
    const before = process.cpuUsage();
    const response = await upload(ctx, anna, `/api/tasks/${task.id}/photos`, [
      { filename: 'bomb.png', content: bomb, type: 'image/png' },
    ]);
    const cpuMs = (process.cpuUsage(before).user + process.cpuUsage(before).system) / 1000;
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Фото «bomb.png» слишком большое: больше 100 мегапикселей');
    // Decoding it costs seconds of CPU; reading the header, next to nothing. Generous
    // bound: this machine is shared, the point is "not decoded".
    expect(cpuMs).toBeLessThan(1_000);
  });

  it('as a ticket file it is kept as a download, with no preview made', async () => {
    const ticket = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie: anna.cookie },
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Бомбин Борис' } },
      })
    ).json().ticket;
    const response = await upload(ctx, anna, `/api/tickets/${ticket.id}/files`, [
      { filename: 'схема.png', content: await pngBomb(16_000), type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().ticket.attachments;
    expect(file).toMatchObject({ name: 'схема.png', type: 'application/octet-stream', thumbUrl: null });
  });

  it('a request carrying more than MAX_UPLOAD_REQUEST_MB is refused whole', async () => {
    const task = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie: anna.cookie },
        payload: { title: 'Много' },
      })
    ).json().task;
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    // Each part is under the 2 MB per file; together they pass the 5 MB per request.
    const padded = Buffer.concat([photo, Buffer.alloc(1_900_000)]);
    const before = await storedFileCount(ctx);
    const response = await upload(
      ctx,
      anna,
      `/api/tasks/${task.id}/photos`,
      [1, 2, 3].map((i) => ({ filename: `${i}.png`, content: padded, type: 'image/png' })),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('За один раз можно загрузить не больше 5 МБ');
    expect(await storedFileCount(ctx)).toBe(before);
  });
});

describeEachDatabase(
  'uploads when the disk is nearly full',
  (ctx) => {
    it('are refused with a Russian message, and nothing is stored', async () => {
      const anna = await ctx.loginAs('admin');
      const task = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/tasks',
          headers: { cookie: anna.cookie },
          payload: { title: 'Фото' },
        })
      ).json().task;
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
        .png()
        .toBuffer();
      const response = await upload(ctx, anna, `/api/tasks/${task.id}/photos`, [
        { filename: 'a.png', content: photo, type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(507);
      expect(response.json().error.message).toBe(
        'На сервере заканчивается место, файлы сейчас не принимаются. Сообщите администратору.',
      );
      expect(await storedFileCount(ctx)).toBe(0);
    });
  },
  // More free space than any disk has: the real free-space check says no.
  { config: testConfig({ minFreeDiskBytes: Number.MAX_SAFE_INTEGER }) },
);

describe('requestByteCounter', () => {
  it('fails a stream that passes the request limit even when no size was declared', async () => {
    const limits: UploadLimits = { fileBytes: 10, requestBytes: 25, minFreeBytes: 0, dataDir: '.' };
    const counted = { bytes: 0 };
    const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await pipeline(
      Readable.from([Buffer.alloc(10), Buffer.alloc(10)]),
      requestByteCounter(limits, counted),
      sink(),
    );
    await expect(
      pipeline(Readable.from([Buffer.alloc(10)]), requestByteCounter(limits, counted), sink()),
    ).rejects.toThrow('За один раз можно загрузить не больше 0 МБ');
  });
});
