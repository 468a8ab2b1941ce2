import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicAddressDto } from '../../domain/public-address';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 48: the shop's public address, set in «Настройки» after a check that it answers.

const PUBLIC = 'https://remont.example.ru';
const OTHER = 'https://other.example.ru';
const DOWN = 'https://down.example.ru';
const targets = new Map<string, string>();

/** No DNS here: each public name is routed to a server on this machine, over real HTTP. */
const addressFetch: typeof fetch = (input, init) => {
  const url = String(input);
  for (const [name, target] of targets)
    if (url.startsWith(name)) return fetch(target + url.slice(name.length), init);
  return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } }));
};

describeEachDatabase(
  'the shop’s public address',
  (ctx) => {
    let admin: SignedIn;
    let employee: SignedIn;
    const stranger = http.createServer((_request, response) => response.writeHead(200).end('hello'));

    beforeAll(async () => {
      admin = await ctx.loginAs('admin');
      employee = await ctx.loginAs('employee');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      targets.set(PUBLIC, `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      targets.set(OTHER, `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`);
      // A port that was free a moment ago: nothing listens there.
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      targets.set(DOWN, `http://127.0.0.1:${closedPort}`);
    });
    afterAll(() => new Promise<void>((resolve) => stranger.close(() => resolve())));

    const put = (payload: object, who = admin) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/public-address',
        headers: { cookie: who.cookie },
        payload,
      });
    const config = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json<{ publicUrl: string | null }>();

    it('starts unset: /api/config names no address, so the web app sends no link', async () => {
      expect((await config()).publicUrl).toBeNull();
      const read = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/public-address',
        headers: { cookie: admin.cookie },
      });
      expect(read.json<PublicAddressDto>()).toEqual({ address: null, fromEnvironment: false });
    });

    it('saves an address only after this very server answered at it', async () => {
      const saved = await put({ address: `${PUBLIC}/` });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<PublicAddressDto>()).toEqual({ address: PUBLIC, fromEnvironment: false });
      expect((await config()).publicUrl).toBe(PUBLIC);
    });

    it('refuses an address that does not answer, or where another server answers, in Russian', async () => {
      const down = await put({ address: DOWN });
      expect(down.statusCode).toBe(400);
      expect(down.json()).toMatchObject({
        error: {
          message: `Проверка не прошла: ${DOWN} не отвечает (соединение отклонено). Адрес не сохранён`,
        },
        unreachable: true,
      });
      const other = await put({ address: OTHER });
      expect(other.statusCode).toBe(400);
      expect(other.json().error.message).toBe(
        `Проверка не прошла: по адресу ${OTHER} отвечает другой сервер. Адрес не сохранён`,
      );
      const unknown = await put({ address: 'https://nowhere.example.ru' });
      expect(unknown.json().error.message).toContain('не отвечает (такое имя не найдено)');
      expect((await config()).publicUrl).toBe(PUBLIC);
    });

    it('saves without the check when the admin says so, clears with an empty address', async () => {
      expect((await put({ address: DOWN, force: true })).statusCode).toBe(200);
      expect((await config()).publicUrl).toBe(DOWN);
      expect((await put({ address: '' })).json<PublicAddressDto>().address).toBeNull();
      expect((await config()).publicUrl).toBeNull();
    });

    it('refuses a local address and an employee', async () => {
      const local = await put({ address: 'http://192.168.1.5:3000', force: true });
      expect(local.statusCode).toBe(400);
      expect(local.body).toContain('открывается только внутри вашей сети');
      expect((await put({ address: PUBLIC }, employee)).statusCode).toBe(403);
      expect((await config()).publicUrl).toBeNull();
    });

    it('answers its own check only for a token it signed within the minute', async () => {
      for (const token of ['abc', `${Date.now() + 60_000}.${'0'.repeat(64)}`, `${Date.now() - 1}.x`]) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/address-check/${token}` });
        expect(response.statusCode, token).toBe(404);
      }
    });
  },
  { addressFetch },
);
