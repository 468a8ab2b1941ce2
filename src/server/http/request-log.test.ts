import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { testConfig } from '../test/test-app';
import { redactUrl, SLOW_REQUEST_MS } from './request-log';

/** The app with a real pino logger at `level`, its lines collected as parsed JSON. */
async function appLogging(level: 'info' | 'debug', test: TestDatabase) {
  const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig(),
    database: test.database,
    webRoot: null,
    loggerInstance: pino({ level }, stream),
  });
  app.get('/api/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  app.get('/api/test/broken', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('the log at info is the events that matter', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const test of opened) await test.cleanup();
  });

  it('request lines only at debug; slow requests and server errors at any level', async () => {
    const test = await createTestDatabase('sqlite');
    opened.push(test);
    const quiet = await appLogging('info', test);
    await quiet.app.inject({ method: 'GET', url: '/api/config' });
    await quiet.app.inject({ method: 'GET', url: '/api/me' });
    await quiet.app.inject({ method: 'GET', url: '/api/test/slow' });
    await quiet.app.inject({ method: 'GET', url: '/api/test/broken' });
    const messages = quiet.lines.map((line) => line.msg);
    expect(messages).not.toContain('request completed');
    expect(messages).not.toContain('incoming request');
    expect(quiet.lines.find((line) => line.msg === 'slow request')).toMatchObject({ url: '/api/test/slow' });
    expect(messages).toContain('unexpected error');
    expect(quiet.lines.find((line) => line.msg === 'request failed')).toMatchObject({ statusCode: 500 });
    await quiet.app.close();

    const chatty = await appLogging('debug', test);
    await chatty.app.inject({ method: 'GET', url: '/api/config' });
    expect(chatty.lines.find((line) => line.msg === 'request completed')).toMatchObject({
      url: '/api/config',
      statusCode: 200,
    });
    await chatty.app.close();
  }, 20_000);
});

describe('redactUrl', () => {
  it('keeps a client’s status link out of the log, and every other address as it is', () => {
    expect(redactUrl('/s/AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/s/…');
    expect(redactUrl('/s/AbCdEfGhIjKlMnOpQrStUvWx/?utm=1')).toBe('/s/…/?utm=1');
    expect(redactUrl('/api/tickets/5')).toBe('/api/tickets/5');
  });
});
