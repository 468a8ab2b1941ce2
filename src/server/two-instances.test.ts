import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './test/multipart';
import { startTwoInstances, type SpawnedServer } from './test/two-instances';
import { SseClient } from './test/sse-client';

// Issue 23: two app processes on one PostgreSQL database and one S3 bucket behave as one — a
// session from A works on B, a file uploaded on B reads on A, a step on A is seen live on B, the
// sign-in limit is counted across both, a scheduled job (the daily backup) runs once.

const url = process.env.TEST_DATABASE_URL;
const TEST_PASSWORD = 'correct horse battery';
const INVITE = 'two-instances-invite';

/** The current hour in Москва (the shop's default time zone), for a backup due now. */
function moscowHour(): string {
  return String(
    Number(
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Moscow',
      }).format(new Date()),
    ),
  );
}

describe.skipIf(!url)('two app processes on one PostgreSQL and one S3 bucket', () => {
  type Server = SpawnedServer;
  let a: Server;
  let b: Server;
  let instances: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  let databaseUrl: string;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-two-backups-'));
  let bStartedAt = 0;

  beforeAll(async () => {
    // The backup is due at the current hour: not in its last minute, or the servers would look
    // in the next one (at 23:59, tomorrow's day).
    const minute = new Date().getUTCMinutes();
    if (minute === 59)
      await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    instances = await startTwoInstances(url as string, {
      INVITE_CODE: INVITE,
      AUTH_LIMIT_PER_IP: '4',
      BACKUP_DIR: backupDir,
      BACKUP_HOUR: moscowHour(),
    });
    ({ a, b, databaseUrl, bStartedAt } = instances);
  }, 90_000);

  afterAll(async () => {
    await instances?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  const request = (server: Server, method: string, route: string, cookie: string, body?: object) =>
    fetch(`${server.url}${route}`, {
      method,
      headers: {
        cookie,
        'x-requested-with': 'fetch',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('a journey across both: session, upload, file, live step, one push key pair', async () => {
    const registered = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: 'Двоев Денис',
        email: 'two@instances.ru',
        password: TEST_PASSWORD,
        inviteCode: INVITE,
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] as string;

    // The session made on A is known to B.
    expect((await request(b, 'GET', '/api/me', cookie)).status).toBe(200);

    const created = await request(a, 'POST', '/api/tickets', cookie, {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Двухсерверный Клиент' },
    });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as { ticket: { id: number; status: string } };

    // Uploaded through B, read through A, byte for byte.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100_000)]);
    const body = multipart([{ filename: 'акт.pdf', content: pdf, type: 'application/pdf' }]);
    const uploaded = await fetch(`${b.url}/api/tickets/${ticket.ticket.id}/files`, {
      method: 'POST',
      headers: { ...body.headers, cookie },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const file = ((await uploaded.json()) as { ticket: { attachments: { url: string }[] } }).ticket
      .attachments[0];
    const read = await request(a, 'GET', file!.url, cookie);
    expect(read.status).toBe(200);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(Buffer.from(await read.arrayBuffer()))).toBe(sha(pdf));

    // A step made on A reaches a stream open on B.
    const stream = await SseClient.open(`${b.url}/api/events`, cookie);
    expect(stream.status).toBe(200);
    const stepped = await request(a, 'POST', `/api/tickets/${ticket.ticket.id}/step`, cookie, {
      direction: 'forward',
      expectedStatus: ticket.ticket.status,
    });
    expect(stepped.status).toBe(200);
    await stream.waitFor(
      (event) => event.entity === 'ticket' && event.id === ticket.ticket.id && event.op === 'update',
      5000,
    );
    stream.close();

    // Both sign pushes with one key pair (kept in the database).
    const keyOf = async (server: Server) =>
      ((await (await request(server, 'GET', '/api/push/public-key', cookie)).json()) as { publicKey: string })
        .publicKey;
    expect(await keyOf(a)).toBe(await keyOf(b));
  });

  it('the sign-in limit is counted across both instances', async () => {
    const attempt = (server: Server) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'two@instances.ru', password: 'wrong password 1' }),
      });
    // AUTH_LIMIT_PER_IP=4: four failures, two on each, then the fifth is refused wherever it goes.
    for (const server of [a, b, a, b]) expect((await attempt(server)).status).toBe(401);
    const refusedA = await attempt(a);
    const refusedB = await attempt(b);
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    expect(((await refusedB.json()) as { error: { message: string } }).error.message).toBe(
      'Слишком много попыток, попробуйте позже',
    );
  });

  it('the daily backup, due now, is written once by one of the two', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      let job: { done_at: string | null; outcome: string; lease_owner: string | null } | undefined;
      for (let waited = 0; waited < 30_000; waited += 250) {
        const rows = await db.query(`select done_at, outcome, lease_owner from jobs where kind = 'backup'`);
        job = rows.rows[0] as typeof job;
        if (rows.rowCount === 1 && job?.done_at) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(job?.outcome).toMatch(/^written gl-zadachi-backup-/);
      // Each instance looks 5 s after its start: once B has surely looked too, still one archive.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, bStartedAt + 7000 - Date.now())));
      const archives = fs.readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'));
      expect(archives).toHaveLength(1);
      const count = await db.query(`select count(*)::int as n from jobs where kind = 'backup'`);
      expect(count.rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  }, 40_000);
});
