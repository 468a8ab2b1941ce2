// `npm run bench:import -- [--tickets 20000] [--runs 3] [--out docs/benchmarks.md]`: how long the
// previous system's export takes to come in (issue 47: 40,000 records in ≤ 60 s), run as a shop
// runs it (`npm run import`'s script in a process of its own, its progress printed), into an
// empty SQLite file and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) an empty PostgreSQL
// schema; without the files and with them; then the same command again, which adds nothing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { makeSampleExport } from '../src/server/import/sample-export';
import { hostSpeedMs, percentile, writeSection } from './lib/bench-kit';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const TICKETS = Number(values.tickets);
const RUNS = Number(values.runs);
const log = (line: string) => process.stderr.write(`${line}\n`);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-import-'));
const filesDir = path.join(work, 'files');
const sizes = { users: 6, clients: Math.ceil(TICKETS / 2), tickets: TICKETS, tasks: Math.ceil(TICKETS / 2) };
const sample = makeSampleExport(21, sizes, filesDir);
const exportFile = path.join(work, 'export.json');
fs.writeFileSync(exportFile, JSON.stringify(sample.json));
// People come as an object by id, the rest as lists.
const records = Object.values(sample.json).reduce<number>(
  (sum, part) => sum + (Array.isArray(part) ? part.length : Object.keys(part as object).length),
  0,
);
log(`${records} records, ${sample.files} files in ${work}`);

interface Run {
  ms: number;
  progressLines: number;
  output: string;
}

/** `npm run import`'s script from spawn to exit, as a shop runs it. */
async function importOnce(databaseUrl: string, dataDir: string, withFiles: boolean): Promise<Run> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/import.ts',
      '--from',
      exportFile,
      ...(withFiles ? ['--files', filesDir] : []),
    ],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let progressLines = 0;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    progressLines += chunk
      .toString()
      .split('\n')
      .filter((line) => line.startsWith('Перенесено')).length;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`import ended with ${code}: ${output}${errors.slice(-2000)}`);
  return { ms: performance.now() - started, progressLines, output };
}

interface Target {
  name: string;
  /** A fresh, empty database each time. */
  fresh: () => Promise<string>;
  dropAll: () => Promise<void>;
}

const targets: Target[] = [
  {
    name: 'SQLite',
    fresh: async () => `sqlite:${path.join(fs.mkdtempSync(path.join(work, 'db-')), 'import.sqlite')}`,
    dropAll: async () => undefined,
  },
];
if (pgUrl) {
  const databases: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  targets.push({
    name: 'PostgreSQL',
    // A database of its own each time (the app names no schema: it runs in the database's own).
    fresh: async () => {
      const name = `bench_import_${process.pid}_${databases.length}`;
      databases.push(name);
      await admin(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    dropAll: async () => {
      for (const name of databases.splice(0)) await admin(`drop database if exists ${name}`);
    },
  });
}

const rows: string[] = [];
for (const target of targets) {
  for (const withFiles of [false, true]) {
    const firsts: number[] = [];
    const agains: number[] = [];
    let progress = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const url = await target.fresh();
      const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
      const first = await importOnce(url, dataDir, withFiles);
      const again = await importOnce(url, dataDir, withFiles);
      if (!/добавлено 0/.test(again.output.split('\n').find((l) => l.startsWith('Заявки')) ?? '')) {
        throw new Error(`the second run added records:\n${again.output}`);
      }
      firsts.push(first.ms);
      agains.push(again.ms);
      progress = first.progressLines;
      log(
        `[${target.name}${withFiles ? ', files' : ''}] ${(first.ms / 1000).toFixed(1)} s, again ${(again.ms / 1000).toFixed(1)} s`,
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    await target.dropAll();
    firsts.sort((a, b) => a - b);
    agains.sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(
      `| ${target.name} | ${withFiles ? `with the ${sample.files.toLocaleString('en')} files` : 'records alone'} | ` +
        `${s(percentile(firsts, 50))} | ${s(firsts.at(-1)!)} | ${Math.round(records / (percentile(firsts, 50) / 1000)).toLocaleString('en')} | ` +
        `${s(percentile(agains, 50))} | ${progress} |`,
    );
  }
}
fs.rmSync(work, { recursive: true, force: true });

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const report = [
  `\`npm run bench:import -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, host speed reference ${hostSpeedMs().toFixed(0)} ms. ` +
    `${records.toLocaleString('en')} records (${sizes.users} people, ${sizes.clients.toLocaleString('en')} clients, ` +
    `${sizes.tickets.toLocaleString('en')} tickets, ${sizes.tasks.toLocaleString('en')} tasks, with history; ` +
    '`npm run sample-export` data, broken records included) into an empty database, ' +
    `${RUNS} runs each; from starting \`scripts/import.ts\` to its end, migrations and its start included. ` +
    '«Again»: the same command once more, which adds nothing.',
  '',
  '| Database | Export | Median | Worst | Records/s | Again, median | Progress lines printed |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:import', report);
