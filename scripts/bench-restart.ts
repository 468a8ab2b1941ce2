// `npm run bench:restart -- [--keep DIR --name NAME] [--runs 10] [--out docs/benchmarks.md]`: how long a
// restart takes (issue 47): from starting the process to the first answer over HTTP, on SQLite and
// (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL, holding 200,000 items — the
// server built once (`node dist/server/main.js`), `npm start` as the README runs it (its build
// check included), and the TypeScript compiled at start as before (`tsx`). Median and worst.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hostSpeedMs, percentile, startArgs, writeSection } from './lib/bench-kit';
import { keptDemo200k } from './lib/bench-targets';

const { values } = parseArgs({
  options: {
    keep: { type: 'string', default: path.join(os.tmpdir(), 'glz-bench-restart') },
    /** The kept databases' name (bench:search's `search_demo_200000` serves as well). */
    name: { type: 'string', default: 'restart_200000' },
    runs: { type: 'string', default: '10' },
    out: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PORT = 3330;
const log = (line: string) => process.stderr.write(`${line}\n`);

const ways = [
  {
    name: 'built once: `node dist/server/main.js`',
    command: [process.execPath, ...startArgs()],
  },
  { name: '`npm start` (build check, then the built server)', command: ['npm', 'start', '--silent'] },
  {
    name: 'compiled at start: `tsx src/server/main.ts`',
    command: [process.execPath, '--import', 'tsx', 'src/server/main.ts'],
  },
];

/** Milliseconds from spawning `command` to its first answer on /api/config; the process then ends. */
async function timeStart(command: string[], databaseUrl: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BACKUP_HOUR: 'off',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-restart-data-')),
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: `npm start` runs the server as a grandchild, ended with the group.
    detached: true,
  });
  try {
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${PORT}/api/config`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} ended with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error(`${command.join(' ')} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await ended;
  }
}

execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const { targets } = await keptDemo200k(values.keep, values.name);
const rows: string[] = [];
for (const target of targets) {
  await target.database.destroy();
  for (const way of ways) {
    // One start first, not counted: the operating system's cache holds the files after it.
    await timeStart(way.command, target.databaseUrl);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await timeStart(way.command, target.databaseUrl));
    times.sort((a, b) => a - b);
    log(`[${target.name}] ${way.name}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    rows.push(
      `| ${target.name} | ${way.name} | ${percentile(times, 50).toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms |`,
    );
  }
}
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const report = [
  `\`npm run bench:restart -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, host speed reference ${hostSpeedMs().toFixed(0)} ms. ` +
    `100,000 tickets, 100,000 tasks, 20,000 clients (\`npm run seed\` data); ${RUNS} starts of each after one not counted, ` +
    'each from spawning the process to its first answer over HTTP.',
  '',
  '| Database | Started as | Median | Worst |',
  '|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:restart', report);
