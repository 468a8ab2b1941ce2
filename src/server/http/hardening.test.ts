import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { multipart } from '../test/multipart';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

const BOUNDARY = '----glz-test-boundary';

describeEachDatabase('hostile input gets a Russian 400, never a 500', (ctx) => {
  let anna: SignedIn;
  beforeAll(async () => {
    anna = await ctx.loginAs('admin');
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'HEAD',
    url: string,
    payload?: unknown,
    cookie = anna.cookie,
  ) => ctx.app.inject({ method, url, payload: payload as object, headers: { cookie } });

  it('a NUL in the sign-in e-mail, signed out, is a 400 in Russian', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.ru', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/[а-я]/i);
  });

  it('a NUL anywhere (an unknown field, a key, a search) is refused before any query', async () => {
    for (const [url, payload] of [
      ['/api/clients', { fullName: 'Петров', extra: 'x\u0000' }],
      ['/api/clients', { fullName: 'Петров', ['k\u0000']: 1 }],
    ] as const) {
      const response = await send('POST', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBe('Недопустимый символ в запросе');
    }
    const push = await send('PUT', '/api/push/subscription', { endpoint: 'https://push.example/\u0000' });
    expect(push.statusCode).toBe(400);
    expect((await send('GET', '/api/clients?q=%00')).statusCode).toBe(400);
    expect((await send('GET', '/api/work?q=%00')).statusCode).toBe(400);
  });

  it('one-line fields refuse control characters; multi-line text keeps tabs and line breaks', async () => {
    const refused = await send('POST', '/api/tasks', { title: 'Позвонить\u0007' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Название: недопустимый символ');
    const newline = await send('POST', '/api/clients', { fullName: 'Петров\nПётр' });
    expect(newline.json().error.message).toBe('ФИО: недопустимый символ');
    const kept = await send('POST', '/api/tasks', {
      title: 'Позвонить',
      description: 'Шаг 1\tсделать\r\nШаг 2',
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().task.description).toBe('Шаг 1\tсделать\r\nШаг 2');
  });

  it('ids past what the database holds are refused with a Russian message', async () => {
    const huge = 2_147_483_648;
    for (const [method, url, payload] of [
      ['POST', '/api/tasks', { title: 'Задача', clientId: huge }],
      ['POST', '/api/tasks', { title: 'Задача', assigneeId: huge }],
      ['POST', '/api/tickets', { title: 'Замена SSD', client: { mode: 'existing', clientId: huge } }],
      ['GET', `/api/tickets?clientId=${huge}`, undefined],
      ['GET', `/api/tasks?clientId=99999999999999999999`, undefined],
      ['GET', `/api/work?assignee=${huge}`, undefined],
      ['GET', `/api/tickets/${huge}`, undefined],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json().error.message, url).toMatch(/[а-я]/i);
    }
    const cursor = Buffer.from(JSON.stringify(['2026-11-22T09:00:00.000Z', huge])).toString('base64url');
    expect((await send('GET', `/api/clients?cursor=${cursor}`)).statusCode).toBe(400);
    const nulCursor = Buffer.from(JSON.stringify(['2026-11-22T09:00:00.000Z\u0000', 1])).toString(
      'base64url',
    );
    expect((await send('GET', `/api/clients?cursor=${nulCursor}`)).statusCode).toBe(400);
  });

  it('a malformed multipart body is a 400 and leaves no file behind', async () => {
    const task = (await send('POST', '/api/tasks', { title: 'С фото' })).json().task;
    const bodies = [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot closed`,
      `--${BOUNDARY}\r\nbroken header line\r\n\r\n--${BOUNDARY}--`,
      'no boundary at all',
    ];
    for (const payload of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/tasks/${task.id}/photos`,
        headers: {
          cookie: anna.cookie,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'x-requested-with': 'fetch',
        },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.message).toMatch(/[а-я]/i);
    }
    const missingBoundary = await ctx.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/photos`,
      headers: { cookie: anna.cookie, 'content-type': 'multipart/form-data', 'x-requested-with': 'fetch' },
      payload: 'x',
    });
    expect(missingBoundary.statusCode).toBe(400);
    const after = (await send('GET', `/api/tasks/${task.id}`)).json().task;
    expect(after.photos).toEqual([]);
  });

  it('HEAD on the event stream answers at once with its headers', async () => {
    const response = await send('HEAD', '/api/events');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    expect(response.body).toBe('');
  });

  it('API answers are never stored by a browser or proxy; files are revalidated', async () => {
    for (const url of ['/api/me', '/api/clients', '/api/nothing-here']) {
      expect((await send('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('a file name loses right-to-left overrides and other invisible controls; files are revalidated', async () => {
    const task = (await send('POST', '/api/tasks', { title: 'Фото с подвохом' })).json().task;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const body = multipart([
      { filename: 'фото\u202Egnp.exe\u200F\u2066.png', content: png, type: 'image/png' },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/tasks/${task.id}/photos`,
      headers: { ...body.headers, cookie: anna.cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photo = uploaded.json().task.photos[0];
    expect(photo.name).toBe('фотоgnp.exe.png');
    const file = await send('GET', photo.url);
    expect(file.headers['cache-control']).toBe('private, no-cache');
    const etag = String(file.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: photo.url,
      headers: { cookie: anna.cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
