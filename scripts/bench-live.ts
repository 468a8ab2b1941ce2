// `npm run bench:live`: N browsers' event streams (N = 100 and 1,000) on one server
// (SQLite); changes made through the API; latency until every stream has the event.
// Latency is measured from the moment the change request is SENT (so it includes the
// request's own handling: an upper bound of commit-to-receipt). Prints Markdown.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { memoryMb, percentile, startServer, writeSection } from './lib/bench-kit';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100,1000' },
    changes: { type: 'string', default: '50' },
    out: { type: 'string' },
  },
});
const SIZES = values.clients.split(',').map(Number);
const CHANGES = Number(values.changes);
const PORT = 3260;
const BASE = `http://127.0.0.1:${PORT}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime + stime, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** One stream; counts 'change' events and notes when each arrives. */
function openStream(cookie: string, onChange: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${BASE}/api/events`, { headers: { cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: connect$/m.test(block)) resolve(request);
          if (/^event: change$/m.test(block)) onChange();
        }
      });
    });
    request.on('error', reject);
  });
}

/** Every edit names the version it is based on (ADR 008). */
let ticketVersion = 1;

async function run(size: number, cookie: string, ticketId: number, pid: number) {
  let received = 0;
  let sentAt = 0;
  const latencies: number[] = [];
  let waiter: (() => void) | null = null;
  const streams: http.ClientRequest[] = [];
  log(`opening ${size} streams…`);
  for (let i = 0; i < size; i += 1) {
    streams.push(
      await openStream(cookie, () => {
        received += 1;
        latencies.push(performance.now() - sentAt);
        if (received === size) waiter?.();
      }),
    );
  }
  const cpuBefore = cpuSeconds(pid);
  const wallBefore = performance.now();
  for (let k = 0; k < CHANGES; k += 1) {
    received = 0;
    const done = new Promise<void>((resolve) => (waiter = resolve));
    sentAt = performance.now();
    const response = await fetch(`${BASE}/api/tickets/${ticketId}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ description: `правка ${size}-${k}`, version: ticketVersion }),
    });
    if (!response.ok) throw new Error(`change failed: ${response.status}`);
    ticketVersion = ((await response.json()) as { ticket: { version: number } }).ticket.version;
    await done;
  }
  const cpu = (cpuSeconds(pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
  const rss = memoryMb(pid).rss;
  for (const stream of streams) stream.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1)!, rss, cpu };
}

const server = await startServer(PORT, {
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-live-')),
  DATABASE_URL: '',
  INVITE_CODE: 'bench-live',
  AUTH_LIMIT_PER_IP: '100000',
});
try {
  const register = await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: 'Нагрузкин Никита',
      email: 'live@bench.ru',
      password: 'bench-password',
      inviteCode: 'bench-live',
    }),
  });
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
  const created = await fetch(`${BASE}/api/tickets`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Замена SSD', client: { mode: 'new', fullName: 'Нагрузочный Клиент' } }),
  });
  const ticketId = ((await created.json()) as { ticket: { id: number } }).ticket.id;

  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; SQLite; ` +
      `one server process; all streams from one client process on loopback; ${CHANGES} ticket edits per size, each sent after every stream had the previous one. ` +
      'Latency runs from sending the change request to the event arriving at a stream.',
    '',
    '| Streams | p50 | p95 | worst | server RSS | server CPU during changes |',
    '|---|---|---|---|---|---|',
  ];
  for (const size of SIZES) {
    const r = await run(size, cookie, ticketId, server.pid!);
    lines.push(
      `| ${size.toLocaleString('en')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.rss.toFixed(0)} MB | ${(r.cpu * 100).toFixed(0)} % of one core |`,
    );
  }
  const report = lines.join('\n');
  process.stdout.write(`${report}\n`);
  if (values.out) {
    writeSection(values.out, 'bench:live', report);
  }
} finally {
  server.kill();
}
