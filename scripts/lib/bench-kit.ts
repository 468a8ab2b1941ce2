// What the benchmark scripts share: a real server process, its memory, percentiles,
// and writing a result table into docs/benchmarks.md between markers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { seededRandom } from './seeded-random';

let built = false;

/** What `npm start` gives Node after `node`: its flags and the bundle. */
export function startArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [node, ...args] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  return args;
}

/**
 * Starts the server as `npm start` runs it — the bundle built once (`dist/server/main.js`, rebuilt
 * first if older than its sources) with `npm start`'s Node flags — with `env` on 127.0.0.1:`port`, and waits
 * until it answers. Not through tsx: its compiler and the sources it keeps add 50–70 MB to the
 * server's memory that a shop's server does not have.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  /** Options for Node itself (e.g. `--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs: string[] = [],
  /** Node flags instead of npm start's (a probe comparing them); the bundle stays npm start's. */
  startFlags?: string[],
): Promise<ChildProcess> {
  if (!built) {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    built = true;
  }
  const start = startArgs();
  const flags = startFlags ?? start.filter((arg) => arg.startsWith('--'));
  const entry = start.filter((arg) => !arg.startsWith('--'));
  const child = spawn(process.execPath, [...nodeArgs, ...flags, ...entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No automatic backup of the seeded database in the middle of a measurement.
      BACKUP_HOUR: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

/** Signs in over HTTP and returns the session cookie to send with each request. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A process's resident memory now and at its peak, in MB (Linux). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) =>
    Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[1]) / 1024;
  return { rss: read('VmRSS:'), peak: read('VmHWM:') };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Replaces the block between two `<!-- name -->` markers in `file` (or appends it). */
export function writeSection(file: string, name: string, report: string): void {
  const marker = `<!-- ${name} -->`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [head = '', , tail = ''] = current.split(marker);
  fs.writeFileSync(file, `${head.trimEnd()}\n\n${marker}\n${report}\n${marker}${tail}`.trimStart());
}

/**
 * Downloads the whole worklist as CSV, reading the stream as a browser would, and samples the
 * server's resident memory every 100 ms meanwhile: streamed, it stays flat.
 */
export async function timeExport(base: string, cookie: string, pid: number) {
  const before = memoryMb(pid);
  let highest = before.rss;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memoryMb(pid).rss);
  }, 100);
  const started = Date.now();
  const response = await fetch(`${base}/api/export/work.csv?states=new,in_progress,closed`, {
    headers: { cookie },
  });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) rows += 1;
  }
  clearInterval(sampler);
  return {
    rows: rows - 1,
    megabytes: bytes / 1_048_576,
    seconds: (Date.now() - started) / 1000,
    before,
    after: memoryMb(pid),
    highest,
  };
}

/**
 * Times `requests` sequential GETs after `warmup` untimed ones, each to the path `next()` gives
 * (rotate through a list of queries with it), optionally pausing between them.
 */
export async function timeRequests(
  base: string,
  cookie: string,
  next: () => string,
  { requests, warmup = 20, pauseMs = 0 }: { requests: number; warmup?: number; pauseMs?: number },
): Promise<{ p50: number; p95: number; max: number }> {
  const once = async () => {
    const url = next();
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.json();
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    times.push(await once());
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

/** Seconds from now until today's morning-reminder job is done (it runs soon after start); null if none comes due. */
export async function waitForDigest(database: Database): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const job = await database.db
      .selectFrom('jobs')
      .select(['done_at'])
      .where('kind', '=', 'digest')
      .executeTakeFirst();
    if (job?.done_at) return (Date.now() - started) / 1000;
    if (!job && Date.now() - started > 15_000) return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the morning reminder did not finish within 3 minutes');
}

/** A process's CPU time so far (user + system), in seconds (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime + stime, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** A V8 CPU profile (Node's --cpu-prof file, or Chromium's Profiler.stop). */
export interface CpuProfile {
  nodes: ProfileNode[];
}

/**
 * The functions (or, by 'file', the files) with the most self time in a V8 CPU profile, as
 * Markdown table rows: share and where it lives.
 */
export function topOfProfile(
  profile: CpuProfile,
  count = 15,
  by: 'function' | 'file' = 'function',
): string[] {
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const grouped = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      .replace(/^file:\/\//, '')
      .replace(`${process.cwd()}/`, '')
      .replace(/^https?:\/\/[^/]+/, '');
    const key =
      by === 'file'
        ? where || functionName || '(native)'
        : `${functionName || '(anonymous)'} — ${where || '(native)'}${where ? `:${lineNumber + 1}` : ''}`;
    grouped.set(key, (grouped.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  return [...grouped.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, hits]) => `| ${((hits / total) * 100).toFixed(1)} % | \`${key}\` |`);
}

/**
 * A fixed piece of JavaScript work timed on this machine (median of 5): sorting 300,000 numbers
 * drawn from a fixed seed and JSON round trips of the result. Printed beside figures that
 * depend on the host's speed as much as on the app (a cold start in a browser), so runs on
 * different days can be told apart: the same build's cold start went from 1.6 s to 0.6 s
 * between two days on this machine.
 */
export function hostSpeedMs(): number {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const random = seededRandom(20261126);
    const started = performance.now();
    const numbers = Array.from({ length: 300_000 }, random).sort((a, b) => a - b);
    JSON.parse(JSON.stringify(numbers));
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/**
 * The seed's writes on disk before anything is measured: PostgreSQL's CHECKPOINT (a superuser's or
 * pg_checkpoint's; skipped, and said so, without it) and the kernel's `sync`. Otherwise the first
 * measures ran while PostgreSQL and the kernel wrote ~3 GB out at 2,000,000 items (in-process, the
 * common surnames with a 5 GB write going on beside them: p95 36 → 51 ms) — a shop's searches run
 * long after its data went in, not in the minutes after.
 */
export async function settle(database: Database, log: (line: string) => void): Promise<void> {
  if (database.dialect === 'postgres') {
    await sql`checkpoint`.execute(database.db).catch((error: unknown) => {
      log(
        `CHECKPOINT not allowed (${error instanceof Error ? error.message : String(error)}); measured without it`,
      );
    });
  }
  execFileSync('sync');
}
