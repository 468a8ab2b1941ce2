// `npm run bench:export`: the CSV export at 200,000 live items (issue 21) on SQLite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. Seeds a fresh database with
// nothing in the Корзина, runs the real server as a child process, downloads the whole worklist
// as CSV three times in a row and samples the server's memory every 100 ms meanwhile: streamed,
// the second and third downloads end where the first did. `--out docs/benchmarks.md` writes the
// result there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { afterBulkChange } from '../src/server/db/analyze';
import { migrateToLatest } from '../src/server/db/migrate';
import { signIn, startServer, timeExport, writeSection } from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    out: { type: 'string' },
  },
});
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: 20_000,
  trashShare: 0,
};
const ROUNDS = 3;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function benchTarget(target: BenchTarget, port: number) {
  log(`[${target.name}] seeding ${sizes.tickets + sizes.tasks} items…`);
  await migrateToLatest(target.database);
  const emails = await seed(target.database.db, sizes);
  await afterBulkChange(target.database);
  const server = await startServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-')),
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, emails[1]!, SEED_PASSWORD);
    // One ordinary request first, so the server's own warm-up is not counted as the export's.
    await fetch(`${base}/api/work`, { headers: { cookie } });
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      log(`[${target.name}] export ${round} of ${ROUNDS}…`);
      rounds.push(await timeExport(base, cookie, server.pid!));
    }
    return rounds;
  } finally {
    server.kill();
  }
}

const { targets } = await benchTargets();
const lines: string[] = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `load average before ${os.loadavg()[0]!.toFixed(2)}. Data: ${sizes.tickets.toLocaleString('en')} tickets and ` +
    `${sizes.tasks.toLocaleString('en')} tasks (\`npm run seed\` data, none in the Корзина), ${sizes.clients.toLocaleString('en')} clients. ` +
    `\`GET /api/export/work.csv?states=new,in_progress,closed\` ${ROUNDS} times in a row, the server's RSS sampled every 100 ms.`,
  '',
  '| Database | Download | Rows | Size | Time | RSS before | Highest while streaming | RSS after |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const [index, target] of targets.entries()) {
  try {
    const rounds = await benchTarget(target, 3260 + index);
    for (const [i, r] of rounds.entries()) {
      lines.push(
        `| ${target.name} | ${i + 1} | ${r.rows.toLocaleString('en')} | ${r.megabytes.toFixed(1)} MB | ${r.seconds.toFixed(1)} s | ` +
          `${r.before.rss.toFixed(0)} MB | ${r.highest.toFixed(0)} MB | ${r.after.rss.toFixed(0)} MB |`,
      );
    }
  } finally {
    await target.database.destroy();
    await target.cleanup();
  }
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:export', report);
