// `npm run bench:throughput`: how many worklist first pages one server process answers per second
// with 50 connections (issue 22, part 5), on SQLite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) PostgreSQL. Seeds a real-size database, runs the real server, and
// keeps N keep-alive connections busy for a fixed time with `GET /api/work` as a browser asks it
// (session cookie, `Accept-Encoding: gzip, deflate, br`). With `--profile`, the server runs with
// V8's CPU profiler and the functions that took most of its time are listed. Prints Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { topOfProfile, writeSection } from './lib/bench-kit';
import { keepBusy } from './lib/keep-busy';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seededServer } from './lib/seeded-server';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** `connections` loops on one server, each sending the next request when the last answer has been read. */
const load = (port: number, cookie: string, pid: number) =>
  keepBusy({ ports: [port], pids: [pid], cookie, connections: CONNECTIONS, seconds: SECONDS });

async function benchTarget(target: BenchTarget, port: number) {
  const sizes = {
    tickets: Number(values.tickets),
    tasks: Number(values.tasks),
    clients: Number(values.clients),
  };
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-profile-'));
  const { server, cookie } = await seededServer(
    target,
    port,
    sizes,
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const rounds: Awaited<ReturnType<typeof load>>[] = [];
  try {
    // Warm: the first requests compile the query paths.
    await load(port, cookie, server.pid!);
    for (let r = 0; r < ROUNDS; r += 1) {
      log(`[${target.name}] round ${r + 1}…`);
      rounds.push(await load(port, cookie, server.pid!));
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await target.cleanup();
  }
  const profiles = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  const top = profiles[0]
    ? topOfProfile(JSON.parse(fs.readFileSync(path.join(profileDir, profiles[0]), 'utf8')))
    : [];
  return { rounds, top };
}

const { targets } = await benchTargets();
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)} before; ${Number(values.tickets).toLocaleString('en')} tickets, ` +
    `${Number(values.tasks).toLocaleString('en')} tasks, ${Number(values.clients).toLocaleString('en')} clients. One server process; ` +
    `${CONNECTIONS} keep-alive connections from one client process on the same 2 cores, each asking for the worklist's first page ` +
    `(50 rows, brotli) as soon as the last answer is read, for ${SECONDS} s; ${ROUNDS} rounds after one warm-up round${values.profile ? '; the server under the V8 CPU profiler (slower)' : ''}.`,
  '',
  '| Database | Round | Requests/s | p50 | p95 | Server CPU per request | Errors |',
  '|---|---|---|---|---|---|---|',
];
const tops: string[] = [];
for (const [t, target] of targets.entries()) {
  const { rounds, top } = await benchTarget(target, 3280 + t);
  for (const [r, round] of rounds.entries()) {
    lines.push(
      `| ${target.name} | ${r + 1} | ${round.perSecond.toFixed(0)} | ${round.p50.toFixed(1)} ms | ${round.p95.toFixed(1)} ms | ${round.cpuMs.toFixed(2)} ms | ${round.errors} |`,
    );
  }
  if (top.length)
    tops.push(
      '',
      `Server self time, ${target.name} (whole run):`,
      '',
      '| Share | Function |',
      '|---|---|',
      ...top,
    );
}
const report = [...lines, ...tops].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:throughput', report);
