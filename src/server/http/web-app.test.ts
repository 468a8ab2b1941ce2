import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let test: TestDatabase;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>GL</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.info(1)');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("push", () => {})');
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'index-abc123.js.br'),
      zlib.brotliCompressSync('console.info(1)'),
    );
    test = await createTestDatabase('sqlite');
    app = await buildApp({
      config: testConfig({ inviteCode: 'whatever-code', appName: 'Сервис Плюс' }),
      database: test.database,
      webRoot,
    });
  });
  afterAll(async () => {
    await app.close();
    await test.cleanup();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers app pages with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/app/work', '/app/clients/12?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>GL</title>');
    }
  });

  it('answers HEAD like GET, without a body (uptime monitors use HEAD)', async () => {
    for (const url of ['/', '/app/work', '/assets/index-abc123.js']) {
      const head = await app.inject({ method: 'HEAD', url });
      const get = await app.inject({ method: 'GET', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('never serves source maps', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });

  it('serves the manifest named after APP_NAME, and the service worker uncached', async () => {
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({
      name: 'Сервис Плюс',
      short_name: 'Задачи',
      display: 'standalone',
      start_url: '/app/work',
      lang: 'ru',
    });
    expect(manifest.json().icons).toContainEqual(
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    );
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown public path with index.html and status 404', async () => {
    const response = await app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>GL</title>');
  });

  it('sends the precompressed asset to a browser that accepts it', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.info(1)');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.info(1)');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s and sends security headers', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Не найдено' } });
    const page = await app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('the page for each address names what its first screen needs', () => {
  let app: FastifyInstance;
  let test: TestDatabase;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-web-preloads-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><head><title>GL</title></head><body></body>',
    );
    fs.writeFileSync(
      path.join(webRoot, 'route-preloads.json'),
      JSON.stringify({
        app: ['/assets/AppLayout-a1.js'],
        work: ['/assets/AppLayout-a1.js', '/assets/WorkPage-b2.js', '/assets/"><script>x</script>.js'],
      }),
    );
    test = await createTestDatabase('sqlite');
    app = await buildApp({
      config: testConfig({ inviteCode: 'whatever-code' }),
      database: test.database,
      webRoot,
    });
  });
  afterAll(async () => {
    await app.close();
    await test.cleanup();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (url: string) => (await app.inject({ url })).body;
  const modules = (html: string) =>
    [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it('the worklist: the shell and worklist code; nothing unsafe', async () => {
    const html = await page('/app/work?type=tasks');
    expect(modules(html)).toEqual(['/assets/AppLayout-a1.js', '/assets/WorkPage-b2.js']);
    expect(html).not.toContain('<script>x');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('another app screen: the shell; the login and other pages: nothing extra', async () => {
    const ticket = await page('/app/tickets/12');
    expect(modules(ticket)).toEqual(['/assets/AppLayout-a1.js']);
    for (const url of ['/login', '/register', '/']) {
      const html = await page(url);
      expect(modules(html), url).toEqual([]);
    }
  });
});
