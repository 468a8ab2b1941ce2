import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart } from '../test/multipart';
import { SseClient } from '../test/sse-client';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

describeEachDatabase('live events (SSE)', (ctx) => {
  let base: string;
  let alice: SignedIn;
  let bob: SignedIn;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await ctx.loginAs('employee');
    bob = await ctx.register({ displayName: 'Второй Борис' });
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  const open = async (who?: SignedIn) => {
    const stream = await SseClient.open(`${base}/api/events`, who?.cookie);
    streams.push(stream);
    return stream;
  };
  const send = async (method: string, url: string, who: SignedIn, payload?: object) => {
    const body = await withCurrentVersion(ctx.database, method, url, payload);
    return fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: who.cookie,
        'x-requested-with': 'fetch',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({
      status: r.status,
      json: (await r.json().catch(() => null)) as Record<string, { id: number }>,
    }));
  };

  it('refuses a signed-out stream with 401', async () => {
    const stream = await open();
    expect(stream.status).toBe(401);
  });

  it('sends a connect event first, with the headers a proxy needs', async () => {
    const response = await fetch(`${base}/api/events`, { headers: { cookie: alice.cookie } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: connect');
    await reader.cancel();
  });

  it('marks where the stream of changes stands: on the opening, on each change, on every API answer', async () => {
    const markOf = async () =>
      (await fetch(`${base}/api/me`, { headers: { cookie: alice.cookie } })).headers.get('x-event-mark')!;
    // Only staff are told: signed out, no mark.
    expect((await fetch(`${base}/api/config`)).headers.get('x-event-mark')).toBeNull();
    const before = await markOf();
    expect(before).toMatch(/^[0-9a-f]+\.\d+$/);
    const stream = await open(alice);
    await stream.waitForNamed('connect');
    const opened = (JSON.parse(stream.events[0]!.data) as { mark: string }).mark;
    // Nothing changed between the answer and the opening: the same mark, nothing to refetch.
    expect(opened).toBe(before);
    const task = (await send('POST', '/api/tasks', alice, { title: 'Отмеченная задача' })).json.task!;
    await stream.waitFor((event) => event.entity === 'task' && event.id === task.id);
    const change = stream.events.find((event) => event.event === 'change')!;
    const [instance, count] = opened.split('.');
    expect(change.id).toBe(`${instance}.${Number(count) + 1}`);
    // An answer read after the change carries its mark or a later one.
    expect(await markOf()).toBe(change.id);
  });

  it('delivers a ticket step, a task edit, a client edit and a file upload to both users’ streams', async () => {
    const [a, b] = [await open(alice), await open(bob)];
    const ticket = (
      await send('POST', '/api/tickets', alice, {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: 'Живой Лев' },
      })
    ).json.ticket!;
    await send('POST', `/api/tickets/${ticket.id}/step`, alice, {
      direction: 'forward',
      expectedStatus: 'new',
    });
    const task = (await send('POST', '/api/tasks', bob, { title: 'Живая задача' })).json.task!;
    await send('PATCH', `/api/tasks/${task.id}`, bob, { description: 'правка' });
    const client = (await send('POST', '/api/clients', alice, { fullName: 'Живой Клиент' })).json.client!;
    await send('PATCH', `/api/clients/${client.id}`, alice, { comment: 'правка' });
    const upload = multipart([{ filename: 'акт.txt', content: Buffer.from('акт') }]);
    const uploaded = await fetch(`${base}/api/tickets/${ticket.id}/files`, {
      method: 'POST',
      headers: { ...upload.headers, cookie: bob.cookie },
      body: new Uint8Array(upload.payload),
    });
    expect(uploaded.status).toBe(200);

    for (const stream of [a, b]) {
      expect(stream.events[0]?.event).toBe('connect');
      await stream.waitFor((e) => e.entity === 'ticket' && e.id === ticket.id && e.op === 'create');
      await stream.waitFor((e) => e.entity === 'task' && e.id === task.id && e.op === 'update');
      await stream.waitFor((e) => e.entity === 'client' && e.id === client.id && e.op === 'update');
      // One for the step (with the version it made, so its own tab need not refetch), one for the upload.
      const ticketUpdates = () =>
        stream.events
          .map(
            (e) =>
              JSON.parse(e.data || '{}') as { entity?: string; id?: number; op?: string; version?: number },
          )
          .filter((e) => e.entity === 'ticket' && e.id === ticket.id && e.op === 'update');
      await expect.poll(() => ticketUpdates().length).toBe(2);
      expect(ticketUpdates()[0]?.version).toBe(2);
    }
  });

  it('publishes nothing for a refused change', async () => {
    const stream = await open(alice);
    const ticket = (
      await send('POST', '/api/tickets', alice, {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: 'Отказ' },
      })
    ).json.ticket!;
    await stream.waitFor((e) => e.id === ticket.id && e.op === 'create');
    const stale = await send('POST', `/api/tickets/${ticket.id}/step`, alice, {
      direction: 'forward',
      expectedStatus: 'at_pvz',
    });
    expect(stale.status).toBe(409);
    await new Promise((r) => setTimeout(r, 150));
    expect(stream.events.filter((e) => e.data.includes(`"id":${ticket.id},"op":"update"`))).toEqual([]);
  });

  it('closes the stream when that session signs out, and when the account is disabled', async () => {
    const carol = await ctx.register({ displayName: 'Уходящая Карина' });
    const carolStream = await open(carol);
    await send('POST', '/api/auth/logout', carol);
    await carolStream.waitClosed();

    const dan = await ctx.register({ displayName: 'Отключаемый Данил' });
    const danStream = await open(dan);
    const admin = await ctx.loginAs('admin');
    await send('PUT', `/api/employees/${dan.user.id}/access`, admin, { disabled: true });
    await danStream.waitClosed();
  });

  // Last: it closes the app. A stream never ends by itself, and a server that waits for its
  // connections before closing them would hang on every restart with a tab open.
  it('closes with streams still open, and ends them', async () => {
    const stream = await open(alice);
    const outcome = await Promise.race([
      ctx.app.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
    ]);
    expect(outcome).toBe('closed');
    await stream.waitClosed();
  });
});
