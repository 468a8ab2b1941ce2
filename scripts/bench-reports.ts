// `npm run bench:reports -- [--tickets 200000] [--requests 50] [--out docs/benchmarks.md]`: the
// reports of issue 53 at a chain's size (target: p95 ≤ 200 ms for a month, ≤ 500 ms for a year at
// 200,000 items with their payments), on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set) PostgreSQL. Seeds a fresh database from a fixed seed (the worklist's seed, then a work
// line on every repair, a part on most — half of them from stock, with a cost — and the payments
// of the repairs closed or ready, stage spans on every repair that went through «В ремонте»),
// starts the real server and times each report over HTTP as the owner. Prints Markdown.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { stageSpanKey } from '../src/domain/reports';
import { afterBulkChange } from '../src/server/db/analyze';
import type { Database } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import {
  hostSpeedMs,
  memoryMb,
  percentile,
  signIn,
  startServer,
  waitForDigest,
  writeSection,
} from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seed, seedEmails, SEED_PASSWORD } from './lib/seed-data';
import { seededRandom } from './lib/seeded-random';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    out: { type: 'string' },
  },
});
const TICKETS = Number(values.tickets);
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const log = (line: string) => process.stderr.write(`${line}\n`);
const DAY = 86_400_000;

// The seed's clock stands at 22.11.2026: October is the last whole month, and the year before it.
const MONTH = 'from=2026-10-01&to=2026-10-31';
const YEAR = 'from=2025-11-01&to=2026-10-31';
const MEASURES: { kind: string; url: string; target: number }[] = [
  { kind: 'Выручка, a month by day', url: `/api/reports/takings?${MONTH}&step=day`, target: 200 },
  { kind: 'Выручка, a year by month', url: `/api/reports/takings?${YEAR}&step=month`, target: 500 },
  { kind: 'Маржа, a month by day', url: `/api/reports/margin?${MONTH}&step=day`, target: 200 },
  { kind: 'Маржа, a year by month', url: `/api/reports/margin?${YEAR}&step=month`, target: 500 },
  { kind: 'Маржа: repairs, first page of a month', url: `/api/reports/margin/tickets?${MONTH}`, target: 200 },
  { kind: 'Маржа: repairs, first page of a year', url: `/api/reports/margin/tickets?${YEAR}`, target: 500 },
  { kind: 'Долги, first page', url: '/api/reports/unpaid', target: 200 },
  { kind: 'Модели, a month', url: `/api/reports/models?${MONTH}`, target: 200 },
  { kind: 'Модели, a year', url: `/api/reports/models?${YEAR}`, target: 500 },
  { kind: 'Сроки, a month', url: `/api/reports/durations?${MONTH}`, target: 200 },
  { kind: 'Сроки, a year', url: `/api/reports/durations?${YEAR}`, target: 500 },
  { kind: 'Зарплаты: every statement of a month', url: '/api/pay/statements?month=2026-10', target: 200 },
];
const FILES: { kind: string; url: string }[] = [
  { kind: 'Excel: Маржа of a month', url: `/api/reports/export?report=margin&format=xlsx&${MONTH}&step=day` },
  { kind: 'Excel: Маржа of a year', url: `/api/reports/export?report=margin&format=xlsx&${YEAR}&step=month` },
  { kind: 'CSV: Маржа of a year', url: `/api/reports/export?report=margin&format=csv&${YEAR}&step=month` },
];

/** Money on every seeded repair, payments on the finished ones, stage spans and pay rules. */
async function seedMoney(database: Database) {
  const { db } = database;
  const random = seededRandom(20261129);
  const now = new Date(Date.UTC(2026, 10, 22, 9)).toISOString();
  const part = await db
    .insertInto('parts')
    .values({
      name: 'Экран (склад)',
      name_key: 'экран (склад)',
      search: 'экран склад',
      barcode: '2000000000015',
      price: 450000,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tickets = await db
    .selectFrom('tickets')
    .select(['id', 'status', 'created_at', 'closed_at', 'assignee_id', 'assignee_name'])
    .orderBy('id')
    .execute();
  const finished = new Set([
    'repair_done',
    'to_pvz',
    'delivery_to_client',
    'notify_client',
    'closed',
    'returned',
  ]);
  const lines: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  const spans: Record<string, unknown>[] = [];
  const methods = ['cash', 'card', 'transfer'];
  for (const ticket of tickets) {
    const work = (5 + Math.floor(random() * 60)) * 10000;
    const at = ticket.created_at;
    lines.push({
      ticket_id: ticket.id,
      kind: 'work',
      name: 'Ремонт',
      quantity: 1,
      price: work,
      discount: 0,
      created_at: at,
      updated_at: at,
      cost: 0,
      part_id: null,
      stock_state: null,
    });
    let total = work;
    if (random() < 0.7) {
      const fromStock = random() < 0.5;
      const price = (10 + Math.floor(random() * 80)) * 10000;
      lines.push({
        ticket_id: ticket.id,
        kind: 'part',
        name: fromStock ? 'Экран (склад)' : 'Запчасть',
        quantity: 1,
        price,
        discount: 0,
        created_at: at,
        updated_at: at,
        cost: fromStock ? Math.round(price * 0.45) : 0,
        part_id: fromStock ? part.id : null,
        stock_state: fromStock ? (ticket.status === 'closed' ? 'written_off' : 'reserved') : null,
      });
      total += price;
    }
    let paid = 0;
    const payAt = ticket.closed_at ?? ticket.created_at;
    const user = ticket.assignee_name || 'Администратор';
    if (finished.has(ticket.status)) {
      const share = random();
      paid = share < 0.85 ? total : share < 0.95 ? Math.round(total / 2) : 0;
      if (paid > 0) {
        payments.push({
          ticket_id: ticket.id,
          kind: 'payment',
          method: methods[Math.floor(random() * 3)],
          amount: paid,
          user_id: null,
          user_name: user,
          created_at: payAt,
          shift_id: null,
          note: '',
        });
      }
      if (paid === total && random() < 0.02) {
        const back = Math.round(total / 4);
        payments.push({
          ticket_id: ticket.id,
          kind: 'refund',
          method: 'cash',
          amount: back,
          user_id: null,
          user_name: user,
          created_at: payAt,
          shift_id: null,
          note: 'Возврат',
        });
        paid -= back;
      }
      // Time in stages of «В ремонте»: a diagnosis, then waiting for a part on some.
      let entered = Date.parse(ticket.created_at) + DAY;
      for (const stageId of random() < 0.4 ? [1, 2] : [1]) {
        const days = 0.1 + random() * 3;
        spans.push({
          ticket_id: ticket.id,
          status: stageSpanKey(stageId),
          left_at: new Date(entered + days * DAY).toISOString(),
          days,
        });
        entered += days * DAY;
      }
    }
  }
  const batches = async (
    table: 'ticket_lines' | 'payments' | 'stage_spans',
    rows: Record<string, unknown>[],
  ) => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 500) as never)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
  };
  await batches('ticket_lines', lines);
  await batches('payments', payments);
  await batches('stage_spans', spans);
  // Sums kept on the ticket, as every write keeps them (domain/money.ts lineTotal; refunds less;
  // migration 0037 for the margin's): each summed once per ticket, then joined (UPDATE … FROM).
  const lineSum = sql`case when quantity * price > discount then quantity * price - discount else 0 end`;
  await sql`update tickets set lines_total = s.total, works_total = s.works, parts_cost = s.cost,
      parts_without_cost = s.no_cost
    from (select ticket_id,
        sum(${lineSum}) as total,
        sum(case when kind = 'work' then ${lineSum} else 0 end) as works,
        sum(case when kind = 'part' then quantity * cost else 0 end) as cost,
        sum(case when kind = 'part' and part_id is null then 1 else 0 end) as no_cost
      from ticket_lines group by ticket_id) as s
    where s.ticket_id = tickets.id`.execute(db);
  await sql`update tickets set paid = s.paid
    from (select ticket_id, sum(case when kind = 'refund' then -amount else amount end) as paid
      from payments where ticket_id is not null group by ticket_id) as s
    where s.ticket_id = tickets.id`.execute(db);
  const staff = await db.selectFrom('users').select('id').execute();
  await db
    .insertInto('pay_rules')
    .values(
      staff.map((user, i) => ({
        user_id: user.id,
        works_share: 3000 + i * 500,
        margin_share: 500,
        per_repair: 10000,
        salary: 2500000,
        updated_at: now,
      })),
    )
    .execute();
  return { lines: lines.length, payments: payments.length, spans: spans.length };
}

interface Timing {
  first: number;
  p50: number;
  p95: number;
  max: number;
}

async function timeOne(
  base: string,
  cookie: string,
  url: string,
  requests: number,
  warmup: number,
): Promise<Timing> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const first = await once();
  for (let i = 0; i < warmup; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) times.push(await once());
  times.sort((a, b) => a - b);
  return { first, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

async function benchTarget(target: BenchTarget, port: number) {
  const { database } = target;
  log(`[${target.name}] seeding ${TICKETS} tickets…`);
  const seedStarted = Date.now();
  await migrateToLatest(database);
  await seed(database.db, { tickets: TICKETS, tasks: 0, clients: Math.round(TICKETS / 4) }, log);
  const money = await seedMoney(database);
  await afterBulkChange(database);
  // As autovacuum leaves a table soon after a bulk update: its dead rows cleared, its statistics new.
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(`[${target.name}] seeded in ${seedSeconds.toFixed(0)} s: ${JSON.stringify(money)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-'));
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForDigest(database);
    const cookie = await signIn(base, seedEmails[0]!, SEED_PASSWORD);
    const timings: Timing[] = [];
    for (const measure of MEASURES) {
      log(`[${target.name}] ${measure.kind}…`);
      timings.push(await timeOne(base, cookie, measure.url, REQUESTS, WARMUP));
    }
    const files: (Timing & { rss: number })[] = [];
    for (const file of FILES) {
      log(`[${target.name}] ${file.kind}…`);
      files.push({ ...(await timeOne(base, cookie, file.url, 5, 1)), rss: memoryMb(server.pid!).peak });
    }
    const counts = await sql<{ closed_month: number | string; closed_year: number | string }>`
      select
        sum(case when closed_at >= '2026-09-30T21:00' and closed_at < '2026-10-31T21:00' then 1 else 0 end) as closed_month,
        sum(case when closed_at >= '2025-10-31T21:00' and closed_at < '2026-10-31T21:00' then 1 else 0 end) as closed_year
      from tickets where status = 'closed' and deleted_at is null`.execute(database.db);
    return { timings, files, money, seedSeconds, counts: counts.rows[0]! };
  } finally {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = os.loadavg();
const speed = hostSpeedMs();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const { targets, pgUrl } = await benchTargets();
const results: [string, Awaited<ReturnType<typeof benchTarget>>][] = [];
for (const [index, target] of targets.entries()) {
  try {
    results.push([target.name, await benchTarget(target, 3380 + index)]);
  } finally {
    await target.database.destroy();
    await target.cleanup();
  }
}
const loadAfter = os.loadavg();
const load = (avg: number[]) => avg.map((v) => v.toFixed(2)).join(' / ');
const ms = (value: number) => value.toFixed(1);
const [, sample] = results[0]!;
const lines = [
  `\`npm run bench:reports -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}${pgUrl ? ', PostgreSQL on the same machine' : ''}; load average (1 / 5 / 15 min) ` +
    `${load(loadBefore)} before, ${load(loadAfter)} after; host speed reference ${speed.toFixed(0)} ms. ` +
    `Data: ${TICKETS.toLocaleString('en')} repairs over two years (the worklist's fixed seed), ` +
    `${sample.money.lines.toLocaleString('en')} lines, ${sample.money.payments.toLocaleString('en')} payments and refunds, ` +
    `${sample.money.spans.toLocaleString('en')} stage spans on top of the status spans, 8 staff with pay rules; ` +
    `${Number(sample.counts.closed_month).toLocaleString('en')} repairs closed in the month measured (October 2026), ` +
    `${Number(sample.counts.closed_year).toLocaleString('en')} in the year (November 2025 – October 2026). ` +
    `«First»: the first request after the server started; then ${REQUESTS} sequential requests after ${WARMUP} not counted, ` +
    `over HTTP on loopback, as the owner. Target (issue 53): p95 ≤ 200 ms for a month, ≤ 500 ms for a year.`,
  '',
  `| Measure | target | ${results.map(([name]) => `${name} first | p50 | p95 | worst`).join(' | ')} |`,
  `|---|---|${results.map(() => '---|---|---|---').join('|')}|`,
];
for (const [i, measure] of MEASURES.entries()) {
  const cells = results.map(([, r]) => {
    const t = r.timings[i]!;
    return `${ms(t.first)} | ${ms(t.p50)} | ${t.p95 > measure.target ? `**${ms(t.p95)}**` : ms(t.p95)} | ${ms(t.max)}`;
  });
  lines.push(`| ${measure.kind} | ${measure.target} | ${cells.join(' | ')} |`);
}
lines.push('', 'Milliseconds; **bold**: p95 over its target.', '');
lines.push(
  `| File (5 downloads after 1) | ${results.map(([name]) => `${name} p50 | worst | server peak RSS`).join(' | ')} |`,
);
lines.push(`|---|${results.map(() => '---|---|---').join('|')}|`);
for (const [i, file] of FILES.entries()) {
  const cells = results.map(([, r]) => {
    const f = r.files[i]!;
    return `${ms(f.p50)} | ${ms(f.max)} | ${f.rss.toFixed(0)} MB`;
  });
  lines.push(`| ${file.kind} | ${cells.join(' | ')} |`);
}
lines.push('', results.map(([name, r]) => `${name}: seeded in ${r.seedSeconds.toFixed(0)} s.`).join(' '));
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:reports', report);
