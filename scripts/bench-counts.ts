// `npm run bench:counts`: the counts beside the worklist's states while searching (issue 22),
// counted in full and capped at SEARCH_COUNT_CAP («1000+»), one after the other for each query in
// one process, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL.
// `--keep DIR` keeps the seeded SQLite file and PostgreSQL schema there and reuses them next
// time (seeding 2,000,000 items takes about ten minutes). Prints Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SEARCH_COUNT_CAP } from '../src/domain/state-counts';
import { afterBulkChange } from '../src/server/db/analyze';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createWorkRules } from '../src/server/settings/work-rules';
import { createWorklistService } from '../src/server/work/worklist.service';
import { percentile, writeSection } from './lib/bench-kit';
import { seed } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'string' },
    out: { type: 'string' },
  },
});
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
};
const ROUNDS = Number(values.rounds);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Common and rare queries alike: the cap matters for the common ones, and must not hurt the rare. */
const QUERIES = [
  'а',
  'о',
  'ив',
  '12',
  '77',
  'иванов',
  'смирнова',
  'петр',
  'ольга',
  'замена',
  'ssd',
  '8912',
  '345-67',
  'sn1234',
  'жщфыв',
];

interface Target {
  name: string;
  database: Database;
  fresh: boolean;
  drop: () => Promise<void>;
}

const label = `${sizes.tickets + sizes.tasks}`;
const keepDir = values.keep
  ? path.resolve(values.keep)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'glz-counts-'));
fs.mkdirSync(keepDir, { recursive: true });

async function sqlite(): Promise<Target> {
  const file = path.join(keepDir, `counts-${label}.sqlite`);
  const fresh = !fs.existsSync(file);
  return {
    name: 'SQLite',
    database: openDatabase(`sqlite:${file}`),
    fresh,
    drop: async () => {
      if (!values.keep) fs.rmSync(keepDir, { recursive: true, force: true });
    },
  };
}

async function postgres(url: string): Promise<Target> {
  const schema = `bench_counts_${label}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = await admin.query('select 1 from information_schema.schemata where schema_name = $1', [
    schema,
  ]);
  if (!exists.rowCount) await admin.query(`create schema "${schema}"`);
  await admin.end();
  return {
    name: 'PostgreSQL',
    database: openDatabase(url, { pgSchema: schema }),
    fresh: !exists.rowCount,
    drop: async () => {
      if (values.keep) return;
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema "${schema}" cascade`);
      await dropper.end();
    },
  };
}

async function measure(target: Target) {
  const { database } = target;
  await migrateToLatest(database);
  let seedSeconds: number | null = null;
  if (target.fresh) {
    log(`[${target.name}] seeding ${sizes.tickets} tickets, ${sizes.tasks} tasks, ${sizes.clients} clients…`);
    const started = Date.now();
    await seed(database.db, { ...sizes, trashShare: 0.1 } as Parameters<typeof seed>[1]);
    await afterBulkChange(database);
    seedSeconds = (Date.now() - started) / 1000;
  }
  const rules = createWorkRules(database.db, { now: () => new Date() });
  const worklist = createWorklistService({ database, rules: () => rules.get(), now: () => new Date() });
  // In full: no cap; capped: as the server counts (its default).
  const ways = { full: {}, capped: undefined } as const;
  const times = { full: [] as number[], capped: [] as number[] };
  const worst: Record<string, { full: number; capped: number }> = {};
  // Round 0 warms both ways; the two alternate query by query, so the machine's swings fall on both.
  for (let round = 0; round <= ROUNDS; round += 1) {
    log(`[${target.name}] round ${round}…`);
    for (const q of QUERIES) {
      for (const way of ['full', 'capped'] as const) {
        const started = performance.now();
        await worklist.counts({ q }, ways[way]);
        const ms = performance.now() - started;
        if (round === 0) continue;
        times[way].push(ms);
        const row = (worst[q] ??= { full: 0, capped: 0 });
        row[way] = Math.max(row[way], ms);
      }
    }
  }
  await database.destroy();
  await target.drop();
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  return { times, worst, seedSeconds };
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const targets = [await sqlite(), ...(url ? [await postgres(url)] : [])];
const loadBefore = os.loadavg()[0]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${loadBefore.toFixed(2)} before; ${sizes.tickets.toLocaleString('en')} tickets, ` +
    `${sizes.tasks.toLocaleString('en')} tasks, ${sizes.clients.toLocaleString('en')} clients (\`npm run seed\` data, 10 % in the Корзина). ` +
    `The worklist service's counts (what \`/api/work/counts?q=…\` answers, in-process, no HTTP), for ${QUERIES.length} queries ` +
    `(${QUERIES.map((q) => `«${q}»`).join(', ')}), in full and capped at ${SEARCH_COUNT_CAP}, alternating query by query; ` +
    `${ROUNDS} rounds after a warm-up round.`,
  '',
  '| Database | Counted | p50 | p95 | Worst |',
  '|---|---|---|---|---|',
];
const perQuery: string[] = [];
for (const target of targets) {
  const result = await measure(target);
  for (const way of ['full', 'capped'] as const) {
    const list = result.times[way];
    lines.push(
      `| ${target.name} | ${way === 'full' ? 'in full (before)' : `up to ${SEARCH_COUNT_CAP} («${SEARCH_COUNT_CAP}+»)`} | ` +
        `${ms(percentile(list, 50))} | ${ms(percentile(list, 95))} | ${ms(list[list.length - 1] ?? NaN)} |`,
    );
  }
  perQuery.push(
    '',
    `${target.name}, the slowest of the rounds per query (in full → capped)${result.seedSeconds === null ? '' : `; seeding took ${result.seedSeconds.toFixed(0)} s`}: ` +
      Object.entries(result.worst)
        .map(([q, worst]) => `«${q}» ${worst.full.toFixed(0)} → ${worst.capped.toFixed(0)}`)
        .join(', ') +
      ' ms.',
  );
}
const report = [...lines, ...perQuery].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, `bench:counts:${label}`, report);
