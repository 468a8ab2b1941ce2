// `npm run bench`: the worklist at real size, on SQLite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) PostgreSQL. Seeds a fresh database, runs the real server as a
// child process, and measures over HTTP, in Chromium, and against the spec's approach
// (download every item, user and client, sort in the browser). Prints Markdown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { sql } from 'kysely';
import { compareWork, workState, type WorkOrderFields } from '../src/domain/worklist';
import type { Database } from '../src/server/db/database';
import { afterBulkChange } from '../src/server/db/analyze';
import { migrateToLatest } from '../src/server/db/migrate';
import {
  memoryMb,
  percentile,
  signIn,
  startServer,
  timeExport,
  timeRequests as timeRequestsOf,
  waitForDigest,
  writeSection,
} from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '200' },
    // Issue 15: the figures must hold with a tenth of the items in the Корзина.
    trash: { type: 'string', default: '0.1' },
    out: { type: 'string' },
  },
});
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
  trashShare: Number(values.trash),
};
const REQUESTS = Number(values.requests);
const log = (line: string) => process.stderr.write(`${line}\n`);
const timeRequests = (base: string, cookie: string, next: () => string) =>
  timeRequestsOf(base, cookie, next, { requests: REQUESTS });

/** Issue 47: a cold figure is the median and worst of at least ten loads. */
const FIRST_ROW_RUNS = 11;

async function firstRowInChromium(base: string, cookie: string): Promise<{ median: number; max: number }> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const [name, value] = cookie.split('=') as [string, string];
  const times: number[] = [];
  try {
    for (let i = 0; i < FIRST_ROW_RUNS; i += 1) {
      // A fresh context each time: no cached assets, as after opening the browser.
      const context = await browser.newContext();
      await context.addCookies([{ name, value, url: base }]);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${base}/app/work`);
      await page.locator('[data-testid="work-row"]').first().waitFor();
      times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), max: times.at(-1) ?? NaN };
}

/** The spec's worklist: every item, user and client to the browser, sorted there. */
async function specApproach(database: Database): Promise<{ ms: number; megabytes: number }> {
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const [tickets, tasks, users, clients] = await Promise.all([
      database.db.selectFrom('tickets').selectAll().execute(),
      database.db.selectFrom('tasks').selectAll().execute(),
      database.db.selectFrom('users').select(['id', 'email', 'display_name', 'phone', 'role']).execute(),
      database.db.selectFrom('clients').selectAll().execute(),
    ]);
    const body = JSON.stringify({ tickets, tasks, users, clients });
    const received = JSON.parse(body) as { tickets: typeof tickets; tasks: typeof tasks };
    const items: WorkOrderFields[] = [
      ...received.tickets.map((t) => ({
        kind: 'ticket' as const,
        id: t.id,
        status: t.status,
        title: t.title,
        dueDate: t.due_date,
        createdAt: t.created_at,
        closedAt: t.closed_at,
      })),
      ...received.tasks.map((t) => ({
        kind: 'task' as const,
        id: t.id,
        status: t.status,
        title: t.title,
        dueDate: t.due_date,
        createdAt: t.created_at,
        closedAt: t.closed_at,
      })),
    ];
    items.filter((item) => workState(item.kind, item.status) !== 'closed').sort(compareWork);
    runs.push({ ms: performance.now() - started, bytes: Buffer.byteLength(body) });
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[1]!;
  return { ms: median.ms, megabytes: median.bytes / 1_048_576 };
}

async function benchTarget(target: BenchTarget, port: number) {
  log(`[${target.name}] seeding ${sizes.tickets} tickets, ${sizes.tasks} tasks, ${sizes.clients} clients…`);
  await migrateToLatest(target.database);
  const seedStarted = Date.now();
  const emails = await seed(target.database.db, sizes);
  // Limits per status, so «Дольше срока в статусе» and the dashboard have something to find.
  await target.database.db
    .insertInto('settings')
    .values({
      key: 'work_rules',
      value: JSON.stringify({
        timeZone: 'Europe/Moscow',
        reminderTime: '09:00',
        limit_delivery_requested: '3',
        limit_at_pvz: '2',
        limit_in_repair: '7',
        version: 1,
      }),
    })
    .execute();
  await afterBulkChange(target.database);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const staff = await target.database.db.selectFrom('users').select('id').orderBy('id').execute();

  const server = await startServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-')),
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
    // The seeded Корзина is within the default 30 days; never purge during a run.
    TRASH_DAYS: '3650',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, emails[1]!, SEED_PASSWORD);
    // The morning reminder runs a few seconds after start (past 09:00 in Москва, or the next
    // morning): let it finish before timing, and say how long it took.
    const digestSeconds = await waitForDigest(target.database);
    const firstPage = (await (await fetch(`${base}/api/work`, { headers: { cookie } })).json()) as {
      nextCursor: string;
    };

    let n = 0;
    const rotate =
      <T>(items: T[]) =>
      () =>
        items[n++ % items.length]!;
    const surnames = ['иванов', 'смирнова', 'кузнецов', 'фёдоров', 'орлова', 'яковлев', 'зайцева'];
    const fragments = Array.from(
      { length: 50 },
      (_, i) => `${((i * 37 + 101) % 900) + 100}-${String((i * 13) % 100).padStart(2, '0')}`,
    );
    log(`[${target.name}] timing ${REQUESTS} requests per scenario…`);
    const scenarios = {
      'Default view, first page': await timeRequests(base, cookie, () => '/api/work'),
      'Name search': await timeRequests(
        base,
        cookie,
        rotate(surnames.map((s) => `/api/work?q=${encodeURIComponent(s)}`)),
      ),
      'Phone-fragment search': await timeRequests(
        base,
        cookie,
        rotate(fragments.map((f) => `/api/work?q=${f}`)),
      ),
      'Assignee filter': await timeRequests(
        base,
        cookie,
        rotate(staff.map((u) => `/api/work?assignee=${u.id}`)),
      ),
      'Next page': await timeRequests(base, cookie, () => `/api/work?cursor=${firstPage.nextCursor}`),
      'Phone search incl. Закрытые': await timeRequests(
        base,
        cookie,
        rotate(fragments.map((f) => `/api/work?q=${f}&states=new,in_progress,closed`)),
      ),
      'Корзина, first page': await timeRequests(base, cookie, () => '/api/trash'),
      // Issue 20: the numbers beside the state filters, asked for with every worklist load.
      'State counts': await timeRequests(base, cookie, () => '/api/work/counts'),
      'State counts, «Мои»': await timeRequests(
        base,
        cookie,
        rotate(staff.map((u) => `/api/work/counts?assignee=${u.id}`)),
      ),
      'State counts, name search': await timeRequests(
        base,
        cookie,
        rotate(surnames.map((s) => `/api/work/counts?q=${encodeURIComponent(s)}`)),
      ),
      '«Сначала просроченные», first page': await timeRequests(base, cookie, () => '/api/work?order=overdue'),
      '«Дольше срока в статусе»': await timeRequests(base, cookie, () => '/api/work?overLimit=1'),
      // Issue 20: the whole dashboard, every figure of it, in one request.
      'Dashboard («Сводка»)': await timeRequests(base, cookie, () => '/api/dashboard'),
    };
    const memory = memoryMb(server.pid!);
    log(`[${target.name}] CSV export of every item…`);
    const csv = await timeExport(base, cookie, server.pid!);
    log(`[${target.name}] Chromium…`);
    const chromiumTimes = await firstRowInChromium(base, cookie);
    log(`[${target.name}] the spec's approach…`);
    const spec = await specApproach(target.database);
    return { seedSeconds, digestSeconds, scenarios, memory, csv, chromiumTimes, spec };
  } finally {
    server.kill();
  }
}

const { targets, pgUrl } = await benchTargets();

const lines: string[] = [];
const sqliteVersion = (
  await sql<{ v: string }>`select sqlite_version() as v`.execute(targets[0]!.database.db)
).rows[0]?.v;
lines.push(
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, SQLite ${sqliteVersion}` +
    `${pgUrl ? ', PostgreSQL on the same machine' : ''}. Data: ${sizes.tickets.toLocaleString('en')} tickets, ` +
    `${sizes.tasks.toLocaleString('en')} tasks, ${sizes.clients.toLocaleString('en')} clients (\`npm run seed\` data), ` +
    `${Math.round(sizes.trashShare * 100)} % of the tickets and tasks in the Корзина; ` +
    `${REQUESTS} sequential requests per scenario after 20 warm-up requests, over HTTP on loopback.`,
  '',
);
type Result = Awaited<ReturnType<typeof benchTarget>>;
const results: [string, Result][] = [];
for (const [index, target] of targets.entries()) {
  try {
    results.push([target.name, await benchTarget(target, 3210 + index)]);
  } finally {
    await target.database.destroy();
    await target.cleanup();
  }
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
lines.push(
  `| Measure | ${results.map(([name]) => `${name} p50 | p95`).join(' | ')} |`,
  `|---|${results.map(() => '---|---').join('|')}|`,
);
for (const scenario of Object.keys(results[0]?.[1].scenarios ?? {})) {
  const cells = results.map(([, r]) => {
    const t = r.scenarios[scenario as keyof Result['scenarios']];
    return `${ms(t.p50)} | ${ms(t.p95)}`;
  });
  lines.push(`| ${scenario} | ${cells.join(' | ')} |`);
}
lines.push('');
for (const [name, r] of results) {
  lines.push(
    `- ${name}: server RSS ${r.memory.rss.toFixed(0)} MB after the run (peak ${r.memory.peak.toFixed(0)}); ` +
      `CSV of every live item ${r.csv.rows.toLocaleString('en')} rows, ${r.csv.megabytes.toFixed(1)} MB in ${r.csv.seconds.toFixed(1)} s, RSS at most ${r.csv.highest.toFixed(0)} MB; ` +
      `Chromium to the first row (fresh context, ${FIRST_ROW_RUNS} runs) median ${r.chromiumTimes.median} ms, worst ${r.chromiumTimes.max} ms; ` +
      `the spec's load-everything approach ${r.spec.ms.toFixed(0)} ms (${r.spec.megabytes.toFixed(0)} MB of JSON); seeded in ${r.seedSeconds.toFixed(0)} s` +
      (r.digestSeconds === null
        ? '.'
        : `; the morning reminder took ${r.digestSeconds.toFixed(1)} s before timing began.`),
  );
}

const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:worklist', report);

// Issue 23: on PostgreSQL, one app process against two on the same database (bench:instances).
if (targets.some((target) => target.name === 'PostgreSQL')) {
  const instances = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/bench-instances.ts',
      ...['tickets', 'tasks', 'clients'].flatMap((name) => [
        `--${name}`,
        String(sizes[name as keyof typeof sizes]),
      ]),
      ...(values.out ? ['--out', values.out] : []),
    ],
    { stdio: 'inherit' },
  );
  if (instances.status !== 0) process.exitCode = instances.status ?? 1;
}
