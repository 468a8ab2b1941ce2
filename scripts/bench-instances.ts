// `npm run bench:instances`: PostgreSQL with one app process and with two on the same database
// (issue 23): the worklist's first page and searches one after another (p50/p95), and throughput
// with 50 keep-alive connections (all on one process, or 25 on each). The two set-ups are measured
// in turn, round after round, so that the shared machine's swings fall on both alike. Needs
// BENCH_DATABASE_URL or TEST_DATABASE_URL. Prints Markdown; `--out docs/benchmarks.md` writes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { afterBulkChange } from '../src/server/db/analyze';
import { migrateToLatest } from '../src/server/db/migrate';
import { percentile, signIn, startServer, waitForDigest, writeSection } from './lib/bench-kit';
import { postgresTarget } from './lib/bench-targets';
import { keepBusy, type BusyResult } from './lib/keep-busy';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const log = (line: string) => process.stderr.write(`${line}\n`);

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  log('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL): several instances need it.');
  process.exit(2);
}

/** What people type: phone fragments, text that matches nothing, serial numbers, №N, a surname. */
const SEARCHES = ['345-67', 'жщфыв', 'sn1234', '№4242', 'иванов', '8912', 'замена', 'гт-10042'].map(
  (q) => `/api/work?q=${encodeURIComponent(q)}`,
);

/** Sequential GETs, each to the next port in turn; p50 and p95 of the time to the parsed answer. */
async function sequential(ports: number[], cookie: string, paths: string[]) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 20; i += 1) {
    const port = ports[i % ports.length]!;
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${paths[i % paths.length]}`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    await response.json();
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const target = await postgresTarget(url);
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
};
const servers: ChildProcess[] = [];
type Setup = 'one' | 'two';
const results: Record<
  Setup,
  { first: { p50: number; p95: number }[]; search: { p50: number; p95: number }[]; busy: BusyResult[] }
> = {
  one: { first: [], search: [], busy: [] },
  two: { first: [], search: [], busy: [] },
};
const loadBefore = os.loadavg()[0]!;
try {
  log(`[PostgreSQL] seeding ${sizes.tickets} tickets, ${sizes.tasks} tasks, ${sizes.clients} clients…`);
  await migrateToLatest(target.database);
  const emails = await seed(target.database.db, sizes);
  await afterBulkChange(target.database);
  const env = (name: string) => ({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `glz-bench-${name}-`)),
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
    TRASH_DAYS: '3650',
  });
  const ports = [3295, 3296];
  servers.push(await startServer(ports[0]!, env('a')));
  servers.push(await startServer(ports[1]!, env('b')));
  // One session, used on both: sessions are in the database.
  const cookie = await signIn(`http://127.0.0.1:${ports[0]}`, emails[1]!, SEED_PASSWORD);
  await waitForDigest(target.database);
  const pids = servers.map((server) => server.pid!);
  const busy = (on: number[]) =>
    keepBusy({
      ports: on,
      pids,
      cookie,
      connections: Number(values.connections),
      seconds: Number(values.seconds),
    });
  // Warm both: the first requests compile the query paths.
  await sequential(ports, cookie, ['/api/work', ...SEARCHES]);
  await busy(ports);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Setup[] = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const setup of order) {
      log(`round ${round + 1}: ${setup} instance(s)…`);
      const on = setup === 'one' ? [ports[0]!] : ports;
      results[setup].first.push(await sequential(on, cookie, ['/api/work']));
      results[setup].search.push(await sequential(on, cookie, SEARCHES));
      results[setup].busy.push(await busy(on));
    }
  }
} finally {
  for (const server of servers) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await target.database.destroy();
  await target.cleanup();
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, PostgreSQL on the same machine, load average ${loadBefore.toFixed(2)} before. ` +
    `${sizes.tickets.toLocaleString('en')} tickets, ${sizes.tasks.toLocaleString('en')} tasks, ${sizes.clients.toLocaleString('en')} clients (\`npm run seed\` data). ` +
    `«One»: every request to one app process; «two»: two processes on the same database, requests alternating between them ` +
    `(one session cookie serves both). Sequential: ${REQUESTS} requests after 20 warm-up ones; searches rotate through ${SEARCHES.length} queries ` +
    `(phone fragments, text matching nothing, a serial number, №N, a common surname, a number's start, a common word, a warranty card). ` +
    `Throughput: ${values.connections} keep-alive connections for ${values.seconds} s (split evenly over the processes); server CPU is both processes'. ` +
    `The set-ups alternate round by round; the client, both app processes and PostgreSQL share the machine's ${os.cpus().length} cores.`,
  '',
  '| Round | Instances | First page p50 | First page p95 | Search p50 | Search p95 | Requests/s (50 conn.) | p95 under load | Server CPU per request | Errors |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (let round = 0; round < ROUNDS; round += 1) {
  for (const setup of ['one', 'two'] as const) {
    const first = results[setup].first[round]!;
    const search = results[setup].search[round]!;
    const load = results[setup].busy[round]!;
    lines.push(
      `| ${round + 1} | ${setup === 'one' ? 1 : 2} | ${ms(first.p50)} | ${ms(first.p95)} | ${ms(search.p50)} | ${ms(search.p95)} | ` +
        `${load.perSecond.toFixed(0)} | ${ms(load.p95)} | ${load.cpuMs.toFixed(2)} ms | ${load.errors} |`,
    );
  }
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:instances', report);
