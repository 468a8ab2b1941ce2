import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as OutboxModule from './comment-outbox';

// The outbox of comments (issue 55) in a stand-in browser: localStorage, navigator.onLine and
// fetch are the only parts of the browser it touches.

type Outbox = typeof OutboxModule;

const stored = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
  key: (index: number) => [...stored.keys()][index] ?? null,
  get length() {
    return stored.size;
  },
};
let online = true;
const sent: { url: string; body: { body: string; clientKey: string } }[] = [];
let answer: () => Response = () => new Response('{}', { status: 500 });

/** A fresh page: the module as a reload would load it, over the same storage. */
async function openPage(): Promise<Outbox> {
  vi.resetModules();
  return import('./comment-outbox');
}

const comment = (key: string, body: string) => ({
  id: 1,
  authorId: 7,
  authorName: 'Игорь',
  body,
  mentions: [],
  photos: [],
  createdAt: '2026-11-29T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  version: 1,
  clientKey: key,
});

beforeEach(() => {
  stored.clear();
  sent.length = 0;
  online = true;
  vi.stubGlobal('window', { localStorage });
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { body: string; clientKey: string };
      sent.push({ url, body });
      return Promise.resolve(answer());
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('comments written offline', () => {
  it('wait in the browser and go, with the same key, once the connection is back', async () => {
    const outbox = await openPage();
    const delivered: string[] = [];
    outbox.openCommentOutbox(7, (c) => delivered.push(c.body));
    online = false;
    await outbox.postComment({
      key: 'key-offline-1',
      kind: 'ticket',
      itemId: 12,
      body: 'Без связи',
      writtenAt: '2026-11-29T10:00:00.000Z',
      photos: [],
    });
    expect(sent).toEqual([]);
    expect(outbox.outboxSnapshot().map((p) => p.state)).toEqual(['offline']);
    expect(JSON.parse(stored.get('glz:comment:7:key-offline-1')!)).toMatchObject({ body: 'Без связи' });

    online = true;
    answer = () =>
      new Response(JSON.stringify({ comment: comment('key-offline-1', 'Без связи') }), { status: 201 });
    await Promise.all([outbox.sendWaiting(), outbox.sendWaiting()]);
    expect(sent).toEqual([
      { url: '/api/tickets/12/comments', body: { body: 'Без связи', clientKey: 'key-offline-1' } },
    ]);
    expect(delivered).toEqual(['Без связи']);
    expect(outbox.outboxSnapshot()).toEqual([]);
    expect(stored.size).toBe(0);
  });

  it('survive a reload: the next page sends them under their key', async () => {
    const first = await openPage();
    first.openCommentOutbox(7, () => undefined);
    online = false;
    await first.postComment({
      key: 'key-reload-1',
      kind: 'task',
      itemId: 3,
      body: 'После перезагрузки',
      writtenAt: '2026-11-29T10:00:00.000Z',
      photos: [],
    });
    // The answer was lost on the way: the server stored it, the page never heard (sent once more).
    online = true;
    answer = () =>
      new Response(JSON.stringify({ comment: comment('key-reload-1', 'После перезагрузки') }), {
        status: 200,
      });
    const next = await openPage();
    // Opening the outbox sends what waits; a second call meanwhile sends nothing more.
    next.openCommentOutbox(7, () => undefined);
    await next.sendWaiting();
    await vi.waitFor(() => expect(next.outboxSnapshot()).toEqual([]));
    expect(sent.map((s) => [s.url, s.body.clientKey])).toEqual([['/api/tasks/3/comments', 'key-reload-1']]);
  });

  it('keep a refused comment with the server’s reason until the person lets it go', async () => {
    const outbox = await openPage();
    outbox.openCommentOutbox(7, () => undefined);
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'conflict', message: 'Заявка в корзине' } }), {
        status: 409,
      });
    await outbox.postComment({
      key: 'key-refused-1',
      kind: 'ticket',
      itemId: 5,
      body: 'Не примут',
      writtenAt: '2026-11-29T10:00:00.000Z',
      photos: [],
    });
    expect(outbox.outboxSnapshot()).toMatchObject([{ state: 'failed', problem: 'Заявка в корзине' }]);
    await outbox.sendWaiting();
    expect(sent).toHaveLength(1);
    outbox.dropComment('key-refused-1');
    expect(outbox.outboxSnapshot()).toEqual([]);
    expect(stored.size).toBe(0);
  });

  it('from two pages never write over each other, and go once each', async () => {
    online = false;
    const first = await openPage();
    first.openCommentOutbox(7, () => undefined);
    await first.postComment({ ...draft, key: 'key-tab-a', body: 'Из первой вкладки' });
    const second = await openPage();
    second.openCommentOutbox(7, () => undefined);
    await second.postComment({ ...draft, key: 'key-tab-b', body: 'Из второй вкладки' });
    expect([...stored.keys()].sort()).toEqual(['glz:comment:7:key-tab-a', 'glz:comment:7:key-tab-b']);
    // The second page sends both (the first was closed); the server stores each key once.
    online = true;
    answer = () => new Response(JSON.stringify({ comment: comment('k', 'x') }), { status: 201 });
    await second.sendWaiting();
    expect(sent.map((s) => s.body.clientKey).sort()).toEqual(['key-tab-a', 'key-tab-b']);
    expect(stored.size).toBe(0);
  });

  it('wait for a server that failed, to be sent again later', async () => {
    const outbox = await openPage();
    outbox.openCommentOutbox(7, () => undefined);
    answer = () => new Response('{}', { status: 502 });
    await outbox.postComment({ ...draft, key: 'key-server-1' });
    expect(outbox.outboxSnapshot()).toMatchObject([{ state: 'server' }]);
    expect(stored.has('glz:comment:7:key-server-1')).toBe(true);
    answer = () =>
      new Response(JSON.stringify({ comment: comment('key-server-1', 'Текст') }), { status: 201 });
    await outbox.sendWaiting();
    expect(outbox.outboxSnapshot()).toEqual([]);
  });
});

const draft = {
  key: 'key',
  kind: 'ticket' as const,
  itemId: 5,
  body: 'Текст',
  writtenAt: '2026-11-29T10:00:00.000Z',
  photos: [],
};
