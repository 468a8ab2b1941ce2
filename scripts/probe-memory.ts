// `npx tsx scripts/probe-memory.ts [--only SQLite] [--flags="--enable-source-maps"] [--keep DIR]`:
// the server's memory at 200,000 items (the kept bench databases, keptDemo200k), started with
// `npm start`'s Node flags or with `--flags` instead: 20 s of 50 people at a working pace, then 20 s
// of 50 connections back to back, each asking for bench:mix's kind of mix. Prints requests/s, p99,
// and the peaks of RSS and of V8's heap (docs/decisions/042-server-heap-limit.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hostSpeedMs, signIn, startArgs, startServer, waitForDigest } from './lib/bench-kit';
import { keptDemo200k } from './lib/bench-targets';
import { keepBusy } from './lib/keep-busy';
import { mixPaths } from './lib/mix-paths';
import { SEED_PASSWORD, seedEmails } from './lib/seed-data';
import { seededRandom } from './lib/seeded-random';

const { values } = parseArgs({
  options: {
    keep: { type: 'string', default: path.join(os.tmpdir(), 'glz-bench-size') },
    name: { type: 'string', default: 'search_demo_200000' },
    only: { type: 'string' },
    /** Node's flags instead of npm start's (the bundle is always npm start's). */
    flags: { type: 'string' },
  },
});
const memoryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glz-memory-')), 'peak.json');
process.env.MEMORY_LOG_FILE = memoryFile;
const startFlags = startArgs().filter((arg) => arg.startsWith('--'));
const flags = values.flags === undefined ? startFlags : values.flags.split(/\s+/).filter(Boolean);
process.stdout.write(
  `Node flags: ${flags.join(' ') || '(none)'}; host speed reference ${hostSpeedMs().toFixed(0)} ms, load ${os.loadavg()[0]!.toFixed(1)}\n`,
);

const { targets } = await keptDemo200k(values.keep, values.name);
for (const target of targets) {
  if (values.only && target.name !== values.only) continue;
  const port = 3910;
  const server = await startServer(
    port,
    {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-memory-data-')),
      DATABASE_URL: target.databaseUrl,
      AUTH_LIMIT_PER_IP: '100000',
      TRASH_DAYS: '3650',
    },
    ['--import', './scripts/lib/memory-log.mjs'],
    values.flags === undefined ? undefined : flags,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, seedEmails[1]!, SEED_PASSWORD);
    await waitForDigest(target.database);
    const paths = await mixPaths(target.database.db);
    const random = seededRandom(47);
    const common = { ports: [port], pids: [server.pid!], cookie, connections: 50, seconds: 20, paths };
    const paced = await keepBusy({ ...common, pause: () => 1000 + random() * 2000 });
    const busy = await keepBusy(common);
    const peak = JSON.parse(fs.readFileSync(memoryFile, 'utf8')) as Record<string, number>;
    process.stdout.write(
      `${target.name}: at a working pace ${paced.perSecond.toFixed(0)}/s p99 ${paced.p99.toFixed(0)} ms; ` +
        `back to back ${busy.perSecond.toFixed(0)}/s p99 ${busy.p99.toFixed(0)} ms; peaks: RSS ${peak.rss} MB, ` +
        `heap total ${peak.heapTotal} MB, heap used ${peak.heapUsed} MB, external ${peak.external} MB\n`,
    );
  } finally {
    server.kill();
    await target.database.destroy();
  }
}
