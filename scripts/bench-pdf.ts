// `npm run bench:pdf -- [--keep DIR --name NAME] [--receipts 200] [--out docs/benchmarks.md]`: a
// receipt's PDF as the counter prints it (issue 47: p95 ≤ 100 ms) and the server's memory after
// printing many (RSS ≤ 300 MB), over HTTP from the real server holding 200,000 items, on SQLite
// and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. One receipt after another,
// each of another ticket, after a few not counted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  hostSpeedMs,
  memoryMb,
  percentile,
  signIn,
  startServer,
  waitForDigest,
  writeSection,
} from './lib/bench-kit';
import { keptDemo200k } from './lib/bench-targets';
import { SEED_PASSWORD, seedEmails } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    keep: { type: 'string', default: path.join(os.tmpdir(), 'glz-bench-size') },
    name: { type: 'string', default: 'search_demo_200000' },
    receipts: { type: 'string', default: '200' },
    out: { type: 'string' },
  },
});
const RECEIPTS = Number(values.receipts);
const WARM = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

const { targets } = await keptDemo200k(values.keep, values.name);
const rows: string[] = [];
for (const [t, target] of targets.entries()) {
  const tickets = await target.database.db
    .selectFrom('tickets')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(RECEIPTS + WARM)
    .execute();
  const port = 3340 + t;
  const server = await startServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-')),
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
    TRASH_DAYS: '3650',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, seedEmails[1]!, SEED_PASSWORD);
    await waitForDigest(target.database);
    const before = memoryMb(server.pid!);
    const times: number[] = [];
    for (const [i, { id }] of tickets.entries()) {
      const started = performance.now();
      const answer = await fetch(`${base}/api/tickets/${id}/documents/receipt/pdf`, { headers: { cookie } });
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok || body.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`receipt ${id}: ${answer.status}`);
      if (i >= WARM) times.push(performance.now() - started);
    }
    const after = memoryMb(server.pid!);
    times.sort((a, b) => a - b);
    log(
      `[${target.name}] p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
    rows.push(
      `| ${target.name} | ${times.length} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ` +
        `${times.at(-1)!.toFixed(1)} ms | ${before.rss.toFixed(0)} MB | ${after.rss.toFixed(0)} MB | ${after.peak.toFixed(0)} MB |`,
    );
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await target.database.destroy();
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const report = [
  `\`npm run bench:pdf -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, host speed reference ${hostSpeedMs().toFixed(0)} ms. ` +
    `100,000 tickets, 100,000 tasks, 20,000 clients (\`npm run seed\` data); ${RECEIPTS} receipts of different tickets one after another ` +
    `over HTTP on loopback, after ${WARM} not counted (the first parses the fonts); each from sending the request to the last byte.`,
  '',
  '| Database | Receipts | p50 | p95 | Worst | Server RSS before | after | peak |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:pdf', report);
