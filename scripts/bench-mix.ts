// `npm run bench:mix -- [--connections 50] [--seconds 20] [--out docs/benchmarks.md]`: a shop's
// day on one server (issue 47): 50 keep-alive connections asking for a realistic mix of reads
// (first pages, «Мои», counts, searches, cards, Закрытые, clients) at 200,000 items — back to back
// (what the server can answer), then at a person's working pace (1–3 s between an answer and the
// next click), alone and while a full CSV export, receipts, a backup and an import run beside
// them. Reports requests/s,
// p50/p99, the server's event-loop delay (p99, worst; Node's own histogram, preloaded with
// scripts/lib/loop-lag.mjs) and its memory. SQLite, and PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set; a fresh seed each.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeSampleExport } from '../src/server/import/sample-export';
import { hostSpeedMs, memoryMb, signIn, writeSection } from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { keepBusy, type BusyResult } from './lib/keep-busy';
import { mixPaths } from './lib/mix-paths';
import { SEED_PASSWORD, seedEmails } from './lib/seed-data';
import { seededRandom } from './lib/seeded-random';
import { seededServer } from './lib/seeded-server';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    /** What runs beside the people at a working pace: each alone, then all at once. */
    beside: { type: 'string', default: 'export,receipts,backup,import' },
    out: { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const log = (line: string) => process.stderr.write(`${line}\n`);
const BESIDE = new Set(values.beside.split(','));
/** A person's pause between answers at a busy working pace: reading the list, then the next click. */
const PAUSE_MS = { least: 1000, most: 3000 };
const sizes = { tickets: 100_000, tasks: 100_000, clients: 20_000 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-mix-'));
const lagFile = path.join(work, 'lag.json');
// The server inherits the environment: its preloaded probe writes here.
process.env.LOOP_LAG_FILE = lagFile;

/** A fresh export for each phase that imports (a second run of the same one imports nothing). */
let imports = 0;
function nextImportExport(): string {
  imports += 1;
  const file = path.join(work, `export-${imports}.json`);
  const sample = makeSampleExport(
    46 + imports,
    { users: 6, clients: 1000, tickets: 2000, tasks: 1000 },
    path.join(work, `files-${imports}`),
  );
  fs.writeFileSync(file, JSON.stringify(sample.json));
  return file;
}

interface Lag {
  p50: number;
  p99: number;
  max: number;
}

/** Starts the probe's histogram afresh and returns a reader of it. */
async function lagFromNow(): Promise<() => Lag> {
  fs.rmSync(lagFile, { force: true });
  while (!fs.existsSync(lagFile)) await new Promise((resolve) => setTimeout(resolve, 50));
  return () => JSON.parse(fs.readFileSync(lagFile, 'utf8')) as Lag;
}

/** What runs beside the mix until `until` says stop: export, receipts, one backup, one import. */
function besideTheMix(
  works: ReadonlySet<string>,
  base: string,
  cookie: string,
  adminCookie: string,
  target: BenchTarget,
  ticketIds: number[],
) {
  let running = true;
  const done = { exports: 0, receipts: 0, backup: 'not started', imported: 'not started' };
  const exports = (async () => {
    while (running && works.has('export')) {
      const answer = await fetch(`${base}/api/export/work.csv?states=new,in_progress,closed`, {
        headers: { cookie },
      });
      await answer.arrayBuffer();
      if (answer.ok) done.exports += 1;
    }
  })();
  const receipts = (async () => {
    for (let i = 0; running && works.has('receipts'); i += 1) {
      const id = ticketIds[i % ticketIds.length]!;
      const answer = await fetch(`${base}/api/tickets/${id}/documents/receipt/pdf`, { headers: { cookie } });
      await answer.arrayBuffer();
      if (answer.ok) done.receipts += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const backup = (async () => {
    if (!works.has('backup')) return;
    const answer = await fetch(`${base}/api/backups`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'x-requested-with': 'fetch' },
    });
    done.backup = answer.ok ? 'started' : `refused ${answer.status}`;
  })();
  const imported = new Promise<void>((resolve) => {
    if (!works.has('import')) return resolve();
    const from = nextImportExport();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', '--from', from], {
      env: { ...process.env, DATABASE_URL: target.databaseUrl, DATA_DIR: path.join(work, 'import-data') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => {
      done.imported =
        code === 0 ? 'done' : `ended with ${code}: ${errors.trim().split('\n').slice(-3).join(' / ')}`;
      resolve();
    });
  });
  return {
    done,
    stop: async () => {
      running = false;
      await Promise.all([exports, receipts, backup, imported]);
    },
  };
}

/** What the work beside a phase got done, where it repeats: «(2 exports, 150 receipts)». */
function besideDone(works: ReadonlySet<string>, done: { exports: number; receipts: number }): string {
  const parts = [
    ...(works.has('export') ? [`${done.exports} exports`] : []),
    ...(works.has('receipts') ? [`${done.receipts} receipts`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

interface Phase {
  name: string;
  busy: BusyResult;
  lag: Lag;
  rssPeak: number;
  cpu: Cpu;
}

/** Cores used over a phase: the server's process, PostgreSQL's (every `postgres` process), the host. */
interface Cpu {
  server: number;
  database: number;
  /** The host's cores busy, whoever used them (the client and the import among them). */
  host: number;
}

/** Clock ticks of a process (user and system), 0 once it is gone. */
function processTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Starts counting the cores used from now; the reader gives the phase's averages (Linux /proc). */
function cpuFromNow(serverPid: number): () => Cpu {
  const postgresTicks = () =>
    execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .reduce((sum, pid) => sum + processTicks(Number(pid)), 0);
  const postgres = () => {
    try {
      return postgresTicks();
    } catch {
      return 0; // pgrep finds none: SQLite alone on this host.
    }
  };
  const host = () => {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  };
  const started = {
    at: performance.now(),
    server: processTicks(serverPid),
    database: postgres(),
    host: host(),
  };
  return () => {
    const seconds = (performance.now() - started.at) / 1000;
    const ticksPerSecond = 100;
    const ended = host();
    return {
      server: (processTicks(serverPid) - started.server) / ticksPerSecond / seconds,
      database: (postgres() - started.database) / ticksPerSecond / seconds,
      host: ((ended.busy - started.host.busy) / (ended.total - started.host.total)) * os.cpus().length,
    };
  };
}

async function benchTarget(target: BenchTarget, port: number): Promise<Phase[]> {
  const { server, base, cookie } = await seededServer(target, port, sizes, [
    '--import',
    './scripts/lib/loop-lag.mjs',
  ]);
  const phases: Phase[] = [];
  try {
    const adminCookie = await signIn(base, seedEmails[0]!, SEED_PASSWORD);
    const paths = await mixPaths(target.database.db);
    const ticketIds = (
      await target.database.db
        .selectFrom('tickets')
        .select('id')
        .where('deleted_at', 'is', null)
        .limit(300)
        .execute()
    ).map((row) => row.id);
    const busy = (pause?: () => number) =>
      keepBusy({
        ports: [port],
        pids: [server.pid!],
        cookie,
        connections: CONNECTIONS,
        seconds: SECONDS,
        paths,
        pause,
      });
    // Warm: the first requests compile the query paths.
    await keepBusy({
      ports: [port],
      pids: [server.pid!],
      cookie,
      connections: CONNECTIONS,
      seconds: 5,
      paths,
    });
    const random = seededRandom(47);
    const working = () => PAUSE_MS.least + random() * (PAUSE_MS.most - PAUSE_MS.least);
    const plan: { name: string; pause?: () => number; beside: ReadonlySet<string> }[] = [
      { name: `${CONNECTIONS} connections back to back`, beside: new Set() },
      { name: `${CONNECTIONS} people at a working pace`, pause: working, beside: new Set() },
      // Each alone, then all at once: which of them costs what.
      ...[...BESIDE].map((work) => ({
        name: `${CONNECTIONS} people at a working pace beside: ${work}`,
        pause: working,
        beside: new Set([work]),
      })),
      {
        name: `${CONNECTIONS} people at a working pace beside: ${[...BESIDE].join(', ')}`,
        pause: working,
        beside: BESIDE,
      },
    ];
    for (const { name, pause, beside: withWork } of plan) {
      log(`[${target.name}] ${name}…`);
      const beside =
        withWork.size > 0 ? besideTheMix(withWork, base, cookie, adminCookie, target, ticketIds) : null;
      let rssPeak = 0;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryMb(server.pid!).rss)), 100);
      const lag = await lagFromNow();
      const cpu = cpuFromNow(server.pid!);
      const result = await busy(pause);
      const phaseCpu = cpu();
      const phaseLag = lag();
      clearInterval(sampler);
      if (beside) {
        await beside.stop();
        log(`[${target.name}] beside: ${JSON.stringify(beside.done)}`);
      }
      phases.push({
        name: beside ? `${name}${besideDone(withWork, beside.done)}` : name,
        busy: result,
        lag: phaseLag,
        rssPeak,
        cpu: phaseCpu,
      });
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await target.database.destroy();
    await target.cleanup();
  }
  return phases;
}

/** Cores used: the server's, PostgreSQL's where it is the database, and the host's of all. */
function cores(cpu: Cpu, database: string): string {
  const server = `${cpu.server.toFixed(2)}${database === 'PostgreSQL' ? ` + ${cpu.database.toFixed(2)}` : ''}`;
  return `${server} of ${cpu.host.toFixed(2)}`;
}

/** The kind of request with the highest p99 in a phase, and that p99. */
function slowest(busy: BusyResult): string {
  const worst = [...busy.byKind].sort((a, b) => b.p99 - a.p99)[0];
  return worst ? `\`${worst.kind}\` ${worst.p99.toFixed(1)} ms` : '—';
}

const { targets } = await benchTargets();
const rows: string[] = [];
const loadBefore = os.loadavg()[0]!;
for (const [t, target] of targets.entries()) {
  for (const phase of await benchTarget(target, 3350 + t)) {
    const { busy, lag } = phase;
    rows.push(
      `| ${target.name} | ${phase.name} | ${busy.perSecond.toFixed(0)} | ${busy.p50.toFixed(1)} ms | ${busy.p99.toFixed(1)} ms | ` +
        `${slowest(busy)} | ${lag.p99.toFixed(1)} ms | ${lag.max.toFixed(1)} ms | ${phase.rssPeak.toFixed(0)} MB | ` +
        `${cores(phase.cpu, target.name)} | ${busy.errors} |`,
    );
  }
}
fs.rmSync(work, { recursive: true, force: true });

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const report = [
  `\`npm run bench:mix -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${loadBefore.toFixed(1)} before, host speed reference ${hostSpeedMs().toFixed(0)} ms. ` +
    `100,000 tickets, 100,000 tasks, 20,000 clients (\`npm run seed\` data), a fresh seed each database. ${CONNECTIONS} keep-alive ` +
    `connections from one client process on the same cores, each asking for the next of a mix, for ${SECONDS} s a phase after 5 s ` +
    'not counted: in twenty requests 8 first pages, 3 counts, 2 «Мои», a surname searched (list, counts, with Закрытые), 2 ticket ' +
    'cards, Закрытые, a client search. «Back to back»: the next request as soon as the last answer is read (what the server can ' +
    `answer); «at a working pace»: ${PAUSE_MS.least / 1000}–${PAUSE_MS.most / 1000} s after it (seeded). Beside the later phases: a ` +
    'CSV of every item downloaded again and again, a receipt every 100 ms, a backup asked for once, and `npm run import` of about ' +
    '4,000 records (another export each phase) into the same database, each alone and then all at once; the import and the ' +
    "client are processes of their own on the same cores. Event-loop delay: the server's `monitorEventLoopDelay` over the phase. " +
    `Cores used: the server's process (+ PostgreSQL's processes) of all the host's ${os.cpus().length} busy, over the phase.`,
  '',
  '| Database | Phase | Requests/s | p50 | p99 | Slowest kind, its p99 | Event-loop delay p99 | worst | Server RSS peak | Cores used | Errors |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:mix', report);
