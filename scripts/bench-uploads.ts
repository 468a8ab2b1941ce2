// `npm run bench:uploads`: is the worklist still quick while images are being uploaded?
// Seeds a SQLite database (20,000 items), starts the real server, and times the worklist's
// first page (what a person waits for when opening the app) while 4 clients upload, each in
// a loop: (a) PNG "bombs" declaring 16000×16000 pixels as photos and as ticket files,
// (b) real 100-megapixel PNGs (at the cap, decoded for their previews). Prints Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { pngBomb } from '../src/server/test/png-bomb';
import { memoryMb, percentile, startServer, writeSection } from './lib/bench-kit';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    uploaders: { type: 'string', default: '4' },
    out: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
/** A person (or a few) opening the worklist: one request every 50 ms, never two at once. */
const PACE_MS = 50;
const UPLOADERS = Number(values.uploaders);
const PORT = 3261;
const BASE = `http://127.0.0.1:${PORT}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-uploads-'));

async function seedDatabase(): Promise<string> {
  const database = openDatabase(`sqlite:${path.join(dataDir, 'gl-zadachi.sqlite')}`);
  try {
    await migrateToLatest(database);
    const emails = await seed(database.db, { tickets: 10_000, tasks: 10_000, clients: 3_000 }, log);
    return emails[0]!;
  } finally {
    await database.destroy();
  }
}

interface Upload {
  url: string;
  name: string;
  bytes: Buffer;
}

/** Uploads `upload` again and again until `stop` is set; returns how long each took. */
async function uploadLoop(cookie: string, upload: Upload, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(upload.bytes)], { type: 'image/png' }), upload.name);
    const started = performance.now();
    const response = await fetch(`${BASE}${upload.url}`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'fetch' },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`upload answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Times worklist first pages for SECONDS, one every PACE_MS, while `uploads` run. */
async function measure(cookie: string, pid: number, uploads: Upload[]) {
  const stop = { done: false };
  const loops = uploads.map((upload) => uploadLoop(cookie, upload, stop));
  let peakRss = memoryMb(pid).rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryMb(pid).rss)), 50);
  // Let the uploads get going before timing.
  if (uploads.length > 0) await new Promise((r) => setTimeout(r, 500));
  const times: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, PACE_MS));
    const started = performance.now();
    const response = await fetch(`${BASE}/api/work`, { headers: { cookie } });
    await response.json();
    if (!response.ok) throw new Error(`worklist answered ${response.status}`);
    times.push(performance.now() - started);
  }
  stop.done = true;
  const uploadTimes = (await Promise.all(loops)).flat().sort((a, b) => a - b);
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return { times, uploadTimes, peakRss };
}

log('seeding 20,000 items…');
const adminEmail = await seedDatabase();
const server = await startServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: '', MAX_UPLOAD_MB: '20' });
try {
  const signIn = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: SEED_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const post = async (url: string, body: object) =>
    (await fetch(`${BASE}${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, { id: number }>;
  const taskId = (await post('/api/tasks', { title: 'Фото для нагрузки' })).task!.id;
  const ticketId = (
    await post('/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Нагрузочный Клиент' },
    })
  ).ticket!.id;

  const bomb = await pngBomb(16_000, 300_000);
  log('making a 100-megapixel PNG…');
  const big = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#8a8' } })
    .png()
    .toBuffer();
  const photo = (bytes: Buffer, name: string): Upload => ({
    url: `/api/tasks/${taskId}/photos`,
    name,
    bytes,
  });
  const ticketFile = (bytes: Buffer, name: string): Upload => ({
    url: `/api/tickets/${ticketId}/files`,
    name,
    bytes,
  });
  const scenarios: [string, Upload[]][] = [
    ['no uploads', []],
    [
      `${UPLOADERS} uploaders of ${(bomb.length / 1024).toFixed(0)} KB PNGs declaring 16000×16000 (half as photos, half as ticket files)`,
      Array.from({ length: UPLOADERS }, (_, i) =>
        i % 2 ? ticketFile(bomb, 'bomb.png') : photo(bomb, 'bomb.png'),
      ),
    ],
    [
      `${UPLOADERS} uploaders of ${(big.length / 1024).toFixed(0)} KB PNGs of 10000×10000 (100 MP, decoded for previews)`,
      Array.from({ length: UPLOADERS }, () => photo(big, 'big.png')),
    ],
  ];

  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ` +
      `SQLite with 20,000 items; one server process; per row, ${SECONDS} s of worklist first pages (GET /api/work), one every ${PACE_MS} ms, ` +
      `load average before: ${os.loadavg()[0]!.toFixed(2)}.`,
    '',
    '| While | worklist requests | p50 | p95 | worst | uploads done (median time) | server RSS peak |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [label, uploads] of scenarios) {
    log(`measuring: ${label}`);
    const r = await measure(cookie, server.pid!, uploads);
    const uploadsCell = uploads.length
      ? `${r.uploadTimes.length} (${percentile(r.uploadTimes, 50).toFixed(0)} ms)`
      : '—';
    lines.push(
      `| ${label} | ${r.times.length} | ${percentile(r.times, 50).toFixed(1)} ms | ${percentile(r.times, 95).toFixed(1)} ms | ${r.times.at(-1)!.toFixed(1)} ms | ${uploadsCell} | ${r.peakRss.toFixed(0)} MB |`,
    );
  }
  const report = lines.join('\n');
  process.stdout.write(`${report}\n`);
  if (values.out) {
    writeSection(values.out, 'bench:uploads', report);
  }
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
