import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '../../domain/dashboard';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { SseClient } from '../test/sse-client';
import { freePort } from '../test/spawn-server';
import { sessionCookie, TEST_INVITE_CODE, TEST_PASSWORD, testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { NOTIFY_LIMIT_BYTES, notifyPayload, PostgresEventBus } from './postgres-event-bus';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two app instances on one PostgreSQL', () => {
  let test: TestDatabase;
  let second: Database;
  let apps: FastifyInstance[] = [];
  let buses: PostgresEventBus[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    const schema = test.database.schema!;
    second = openDatabase(url!, { pgSchema: schema });
    const log = pino({ level: 'silent' });
    buses = [test.database, second].map(
      (db) => new PostgresEventBus(url!, db.db, `glz_changes_${schema}`, log),
    );
    await Promise.all(buses.map((bus) => bus.whenReady()));
    const config = testConfig();
    apps = await Promise.all(
      [test.database, second].map((database, i) =>
        buildApp({ config, database, events: buses[i], webRoot: null }),
      ),
    );
  });

  /** An instance's address, listening from the first test that needs it on. */
  const addressOf = async (app: FastifyInstance) => {
    if (!app.server.listening) return app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  /** The first test's user, signed in again, with an event stream open on instance A. */
  const streamOnA = async () => {
    const a = apps[0]!;
    const signedIn = await a.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'two@instances.ru', password: TEST_PASSWORD },
    });
    return SseClient.open(`${await addressOf(a)}/api/events`, sessionCookie(signedIn));
  };

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.destroy();
    await test?.cleanup();
  });

  it('a change made through instance A reaches a stream opened on instance B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const registered = await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        displayName: 'Двухсерверов Дмитрий',
        email: 'two@instances.ru',
        password: TEST_PASSWORD,
        inviteCode: TEST_INVITE_CODE,
      },
    });
    const cookie = sessionCookie(registered);
    const base = await addressOf(b);
    const stream = await SseClient.open(`${base}/api/events`, cookie);
    expect(stream.status).toBe(200);

    const created = await a.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie },
      payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Через Сервер' } },
    });
    const ticketId = created.json().ticket.id as number;
    await stream.waitFor((e) => e.entity === 'ticket' && e.id === ticketId && e.op === 'create');
    stream.close();
  });

  it('«Сводка» on an instance that has not yet heard of a change made on another still shows it', async () => {
    const a = apps[0]!;
    // An instance whose LISTEN hears nothing of A's changes (another channel): as late as can be.
    const deafBus = new PostgresEventBus(
      url!,
      second.db,
      `glz_changes_${test.database.schema!}_elsewhere`,
      pino({ level: 'silent' }),
    );
    await deafBus.whenReady();
    const late = await buildApp({ config: testConfig(), database: second, events: deafBus, webRoot: null });
    try {
      const signedIn = await a.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'two@instances.ru', password: TEST_PASSWORD },
      });
      const cookie = sessionCookie(signedIn);
      const newOnLate = async () => {
        const response = await late.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
        const { dashboard } = response.json<{ dashboard: DashboardDto }>();
        return dashboard.openByStatus.find((row) => row.status === 'new')?.count ?? 0;
      };
      const before = await newOnLate();
      const markBefore = deafBus.mark();
      const created = await a.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie },
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Сводкин Семён' } },
      });
      expect(created.statusCode, created.body).toBe(201);
      // The change is published just after the answer; the late instance shows it as soon as it
      // is (well within the 15 s an unchanged answer may serve).
      await expect.poll(newOnLate, { timeout: 5000 }).toBe(before + 1);
      // It heard nothing: its own count could not have told it.
      expect(deafBus.mark()).toBe(markBefore);
    } finally {
      await late.close();
    }
  });

  it('a move in the worklist too long for NOTIFY goes without it, and the change still arrives', async () => {
    const stream = await streamOnA();
    const long = 'ж'.repeat(NOTIFY_LIMIT_BYTES);
    const facts = { state: 'new', assigneeId: null, text: long, phone: '' };
    buses[0]!.publish({
      entity: 'task',
      id: 424242,
      op: 'update',
      work: { before: facts, after: facts, version: 2 },
    });
    const heard = await stream.waitFor((e) => e.id === 424242);
    expect(heard.work).toBeUndefined();
    expect(
      JSON.parse(notifyPayload({ entity: 'task', id: 1, op: 'update', work: 'unchanged' })),
    ).toHaveProperty('work', 'unchanged');
    stream.close();
  });

  it('after the LISTEN connection is lost and back, every stream is told to refetch', async () => {
    const stream = await streamOnA();
    expect(stream.status).toBe(200);
    // Cut every LISTEN connection of this test's channel, as a PostgreSQL restart would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where query like ${`listen "glz_changes_${test.database.schema!}"%`}`.execute(test.database.db);
    await stream.waitForNamed('resync', 5000);
    stream.close();
  });

  it('keeps trying to LISTEN while it cannot, and has no mark until it does', async () => {
    // PostgreSQL behind a door that opens only after the bus's first attempts have failed.
    const target = new URL(url!);
    const door = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    const port = await freePort();
    const behindDoor = new URL(url!);
    behindDoor.host = `127.0.0.1:${port}`;
    const bus = new PostgresEventBus(
      behindDoor.toString(),
      test.database.db,
      `glz_changes_${test.database.schema!}`,
      pino({ level: 'silent' }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      // Deaf: an answer read now must not look complete to a browser.
      expect(bus.mark()).toBeNull();
      await new Promise<void>((resolve) => door.listen(port, '127.0.0.1', resolve));
      await bus.whenReady();
      expect(bus.mark()).toMatch(/^[0-9a-f]+\.\d+$/);
    } finally {
      await bus.close();
      door.close();
    }
  });
});
