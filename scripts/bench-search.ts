// `npm run bench:search -- [--shape demo,shop] [--tickets N --tasks N --clients N] [--out docs/benchmarks.md]`:
// every kind of search at real size (issue 22), on SQLite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) PostgreSQL — common and rare names, text that matches nothing,
// phone fragments in any format, serial and warranty numbers, #N, one and two characters, each
// with and without Закрытые, the other lists and the counts; other people's first page while
// searches run; and what the index costs a write. Seeds fresh databases, runs the real server
// as a child process, measures over HTTP. Prints Markdown.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { afterBulkChange } from '../src/server/db/analyze';
import { migrateToLatest } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/database';
import {
  hostSpeedMs,
  percentile,
  settle,
  signIn,
  startServer,
  timeRequests as timeRequestsOf,
  waitForDigest,
  writeSection,
} from './lib/bench-kit';
import { benchTargets, keptTargets, type BenchTarget } from './lib/bench-targets';
import { seed, seedEmails, SEED_PASSWORD } from './lib/seed-data';
import { seededRandom } from './lib/seeded-random';
import { OLDEST_ONLY_SURNAME } from './lib/shop-shape';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '100' },
    writes: { type: 'string', default: '300' },
    out: { type: 'string' },
    /**
     * `demo` (npm run seed's data), `shop` (shaped like one real shop: scripts/lib/shop-shape.ts),
     * or both (`demo,shop`): one table, a column pair for each data set and database.
     */
    shape: { type: 'string', default: 'demo' },
    /** Keep the seeded databases in this folder and measure them again next time (no write measures). */
    keep: { type: 'string' },
    /** With --keep: seed what is not seeded yet, measure nothing. */
    'seed-only': { type: 'boolean', default: false },
  },
});
type Shape = 'demo' | 'shop';
const shapes = [...new Set(values.shape.split(','))].map((name): Shape => {
  if (name !== 'demo' && name !== 'shop') throw new Error(`--shape: demo, shop or demo,shop, not «${name}»`);
  return name;
});
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
  trashShare: 0.1,
} as const;
const REQUESTS = Number(values.requests);
const WRITES = Number(values.writes);
const log = (line: string) => process.stderr.write(`${line}\n`);

// A fixed-seed generator: the same queries every run (started again for each data set).
let random = seededRandom(20261125);
const below = (n: number) => Math.floor(random() * n);

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

/** Times REQUESTS requests rotating through `urls`. */
function timeRequests(base: string, cookie: string, urls: string[], pauseMs = 0): Promise<Timing> {
  let n = 0;
  return timeRequestsOf(base, cookie, () => urls[n++ % urls.length]!, {
    requests: REQUESTS,
    warmup: Math.min(10, urls.length),
    pauseMs,
  });
}

/** The queries people type, drawn from the seeded data where they should find something. */
async function queries(database: Database) {
  const { db } = database;
  const phones = (
    await db
      .selectFrom('clients')
      .select('phone_digits')
      .where('phone_digits', '!=', '')
      .limit(2000)
      .execute()
  ).map((row) => row.phone_digits);
  const somePhones = Array.from({ length: 40 }, () => phones[below(phones.length)]!);
  const ticketCount = sizes.tickets;
  const cyrillic = 'абвгдежзийклмнопрстуфхцчшщъыьэюя';
  const noMatch = Array.from({ length: 40 }, () =>
    Array.from({ length: 5 + below(4) }, () => cyrillic[below(cyrillic.length)]).join(''),
  );
  return {
    'name, common surname': ['иванов', 'смирнова', 'кузнецов', 'фёдоров', 'орлова', 'яковлев', 'зайцева'],
    'name, only among the oldest closed': [
      OLDEST_ONLY_SURNAME,
      `${OLDEST_ONLY_SURNAME}а`,
      `${OLDEST_ONLY_SURNAME} олег`,
    ].map((name) => name.toLowerCase()),
    'name, full (rare)': [
      'иванов петр андреевич',
      'смирнова ольга',
      'фёдоров игорь',
      'зайцева юлия петровна',
    ],
    'Cyrillic text, no match': noMatch,
    'phone fragment (345-67)': Array.from(
      { length: 40 },
      () => `${100 + below(900)}-${String(below(100)).padStart(2, '0')}`,
    ),
    'phone, whole, other format': somePhones.map((d) =>
      d.length === 11 ? `8 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}` : d,
    ),
    'phone start (8912)': somePhones.map((d) => `8${d.slice(1, 4)}`),
    'serial number fragment': Array.from(
      { length: 40 },
      () => `sn${String(100000 + ((below(ticketCount) * 7919) % 900000))}`,
    ),
    'warranty card number': Array.from({ length: 40 }, () => `гт-${10000 + 2 * below(ticketCount / 2)}`),
    '#N / №N': Array.from({ length: 40 }, (_, i) => `${i % 2 ? '#' : '№'}${1 + below(ticketCount)}`),
    'one or two characters, rare': ['ъ', 'щъ', 'ьы', 'йй', 'ёё', 'ф7', 'ц9'],
    'one or two characters, common': ['а', 'ив', '77', 'о', '12'],
  };
}

async function benchTarget(
  target: BenchTarget & { fresh?: boolean; seeded?(): void },
  shape: Shape,
  port: number,
) {
  await migrateToLatest(target.database);
  const seedStarted = Date.now();
  let seedSeconds: number | undefined;
  if (target.fresh !== false) {
    log(`[${target.name}] seeding ${sizes.tickets} tickets, ${sizes.tasks} tasks, ${sizes.clients} clients…`);
    await seed(target.database.db, { ...sizes, shape });
    await afterBulkChange(target.database);
    seedSeconds = (Date.now() - seedStarted) / 1000;
    target.seeded?.();
  }
  const emails = seedEmails;
  if (values['seed-only']) return null;
  await settle(target.database, log);
  const sets = await queries(target.database);

  const server = await startServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-')),
    DATABASE_URL: target.databaseUrl,
    AUTH_LIMIT_PER_IP: '100000',
    TRASH_DAYS: '3650',
  });
  const rows: { measure: string; open: Timing; all?: Timing }[] = [];
  const base = `http://127.0.0.1:${port}`;
  // Each write's time, with and without the index.
  const edits = { withIndex: [] as number[], without: [] as number[] };
  const writes = { withIndex: [] as number[], without: [] as number[] };
  let writeRounds = 1;
  try {
    await waitForDigest(target.database);
    const cookie = await signIn(base, emails[1]!, SEED_PASSWORD);
    const other = await signIn(base, emails[2]!, SEED_PASSWORD);
    const q = (text: string) => encodeURIComponent(text);
    rows.push({
      measure: 'Worklist, first page (no search)',
      open: await timeRequests(base, cookie, ['/api/work']),
    });
    // Issue 47: the counts beside the states at every open, whatever the archive's size.
    rows.push({
      measure: 'State counts (no search): all, a type, one person, nobody',
      open: await timeRequests(base, cookie, [
        '/api/work/counts',
        '/api/work/counts?type=tickets',
        '/api/work/counts?assignee=2',
        '/api/work/counts?type=tasks&assignee=none',
      ]),
    });
    for (const [name, list] of Object.entries(sets)) {
      log(`[${target.name}] ${name}…`);
      rows.push({
        measure: `Worklist: ${name}`,
        open: await timeRequests(
          base,
          cookie,
          list.map((text) => `/api/work?q=${q(text)}`),
        ),
        all: await timeRequests(
          base,
          cookie,
          list.map((text) => `/api/work?q=${q(text)}&states=new,in_progress,closed`),
        ),
      });
    }
    const mixed = [
      ...sets['name, common surname'],
      ...sets['Cyrillic text, no match'].slice(0, 10),
      ...sets['phone fragment (345-67)'].slice(0, 10),
      ...sets['one or two characters, rare'],
    ];
    for (const [name, prefix] of [
      ['Ticket list (/api/tickets?q=)', '/api/tickets'],
      ['Task list (/api/tasks?q=)', '/api/tasks'],
      ['Client list (/api/clients?q=)', '/api/clients'],
      ['State counts (/api/work/counts?q=)', '/api/work/counts'],
    ] as const) {
      log(`[${target.name}] ${name}…`);
      rows.push({
        measure: `${name}, mixed queries`,
        open: await timeRequests(
          base,
          cookie,
          mixed.map((t) => `${prefix}?q=${q(t)}`),
        ),
      });
    }
    // The counts of what people type first: a letter, two, a ticket's number begun («77»).
    rows.push({
      measure: 'State counts (/api/work/counts?q=), one or two characters, common',
      open: await timeRequests(
        base,
        cookie,
        sets['one or two characters, common'].map((t) => `/api/work/counts?q=${q(t)}`),
      ),
    });

    // Other people's first page, alone and while two people search with Закрытые ticked.
    log(`[${target.name}] first page while others search…`);
    const alone = await timeRequests(base, other, ['/api/work']);
    let searching = true;
    let searches = 0;
    const searcher = async (list: string[]) => {
      let i = 0;
      while (searching) {
        await fetch(`${base}/api/work?q=${q(list[i++ % list.length]!)}&states=new,in_progress,closed`, {
          headers: { cookie },
        }).then((r) => r.arrayBuffer());
        searches += 1;
        // A search box fires at most this often while someone types.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const searchers = [searcher(sets['phone fragment (345-67)']), searcher(sets['Cyrillic text, no match'])];
    // Paced, so that the searches run all through the measure.
    const during = await timeRequests(base, other, ['/api/work'], 30);
    searching = false;
    await Promise.all(searchers);
    rows.push(
      { measure: "Someone else's first page, alone", open: alone },
      { measure: `Someone else's first page, while two people search with Закрытые`, open: during },
    );
    log(`[${target.name}] ${searches} searches ran beside someone else's first page`);
    if (values.keep) return { seedSeconds, rows, writes, edits, writeRounds };
    log(`[${target.name}] what the index costs a write…`);
    writeRounds = target.database.dialect === 'sqlite' ? 10 : 1;
    // SQLite's index is its triggers, put back in an instant: with and without alternate in short
    // rounds, so that neither half gets the machine's quieter minutes (in three rounds of 100, one
    // slow stretch of the machine's once made the index cost 2.3× on average). PostgreSQL's GIN indexes take
    // minutes to build at 2,000,000 items: with, then without.
    const perRound = Math.max(1, Math.round(WRITES / writeRounds));
    // Not timed: the first edits read rows and pages no search brought in yet (at 2,000,000 items
    // ~25 ms an edit at first), which would otherwise fall on the first half measured.
    await timeSingleRowWrites(target.database, 'разогрев', 20);
    await timeTitleEdits(base, cookie, target.database, 'разогрев', 20);
    for (let round = 0; round < writeRounds; round += 1) {
      writes.withIndex.push(...(await timeSingleRowWrites(target.database, 'с индексом', perRound)));
      edits.withIndex.push(...(await timeTitleEdits(base, cookie, target.database, 'с индексом', perRound)));
      const putBack = await dropIndex(target.database);
      edits.without.push(...(await timeTitleEdits(base, cookie, target.database, 'без индекса', perRound)));
      writes.without.push(...(await timeSingleRowWrites(target.database, 'без индекса', perRound)));
      if (round < writeRounds - 1) await putBack();
    }
  } finally {
    server.kill();
  }
  return { seedSeconds, rows, writes, edits, writeRounds };
}

/** Ids read once a database: each round of writes picks among the same rows. */
const idsOf = new Map<string, number[]>();
async function idsOnce(key: string, read: () => Promise<number[]>) {
  if (!idsOf.has(key)) idsOf.set(key, await read());
  return idsOf.get(key)!;
}

/** A task's title edited through the API, as a person does (GET, then PATCH with its version): ms of each PATCH. */
async function timeTitleEdits(
  base: string,
  cookie: string,
  database: Database,
  label: string,
  count: number,
) {
  const ids = await idsOnce(`${database.dialect} tasks`, async () =>
    (
      await database.db
        .selectFrom('tasks')
        .select('id')
        .where('deleted_at', 'is', null)
        .limit(20000)
        .execute()
    ).map((row) => row.id),
  );
  const headers = { cookie, 'content-type': 'application/json' };
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = ids[below(ids.length)]!;
    const { task } = (await (await fetch(`${base}/api/tasks/${id}`, { headers: { cookie } })).json()) as {
      task: { version: number };
    };
    const started = performance.now();
    const response = await fetch(`${base}/api/tasks/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ version: task.version, title: `Позвонить ${label} ${i}` }),
    });
    if (!response.ok) throw new Error(`edit: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * The search index gone (for the «without» half of a write measure). Returns what puts it back:
 * SQLite's triggers as they were; PostgreSQL's indexes are not rebuilt (measured once, last).
 */
async function dropIndex(database: Database): Promise<() => Promise<void>> {
  const { db } = database;
  const dropped: string[] = [];
  for (const table of ['tickets', 'tasks']) {
    if (database.dialect === 'sqlite') {
      for (const trigger of ['insert', 'update', 'delete']) {
        const name = `${table}_search_${trigger}`;
        const { rows } = await sql<{ sql: string }>`
          select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
        if (rows[0]) dropped.push(rows[0].sql);
        await sql.raw(`drop trigger if exists ${name}`).execute(db);
      }
    } else {
      // The indexes of migrations 0020 and 0022 (the state, then the searched column).
      for (const index of [
        `${table}_state_text_trgm`,
        `${table}_state_phone_trgm`,
        `${table}_state_phone_tail_trgm`,
        `${table}_state_grams`,
      ]) {
        await sql.raw(`drop index if exists ${index}`).execute(db);
      }
    }
  }
  return async () => {
    for (const statement of dropped) await sql.raw(statement).execute(db);
  };
}

/** The database alone: single-row transactions changing a ticket's searched text (ms of each). */
async function timeSingleRowWrites(database: Database, label: string, count: number) {
  const { db } = database;
  const ids = await idsOnce(`${database.dialect} tickets`, async () =>
    (await db.selectFrom('tickets').select('id').orderBy('id').execute()).map((row) => row.id),
  );
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = ids[below(ids.length)]!;
    const started = performance.now();
    await db.transaction().execute((trx) =>
      trx
        .updateTable('tickets')
        .set({ search_text: `${label} ${i} гарантийный ремонт ${id} иванов`, version: sql`version + 1` })
        .where('id', '=', id)
        .execute(),
    );
    times.push(performance.now() - started);
  }
  return times;
}

const total = sizes.tickets + sizes.tasks;
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const load = os.loadavg()[0]!.toFixed(1);
type Result = NonNullable<Awaited<ReturnType<typeof benchTarget>>>;
const columns: { name: string; result: Result }[] = [];
const references: string[] = [];
let sqliteVersion: string | undefined;
let withPostgres = false;
for (const shape of shapes) {
  random = seededRandom(20261125);
  // Each data set's own rows to write to.
  idsOf.clear();
  const { targets, pgUrl } = values.keep
    ? await keptTargets(values.keep, `search_${shape}_${total}`)
    : await benchTargets();
  withPostgres ||= pgUrl !== undefined;
  sqliteVersion ??= (await sql<{ v: string }>`select sqlite_version() as v`.execute(targets[0]!.database.db))
    .rows[0]?.v;
  // This machine's speed varies by the hour (shared): the same seed took 471 s and 713 s on one day.
  references.push(`${hostSpeedMs().toFixed(0)} ms before ${shape}`);
  for (const [index, target] of targets.entries()) {
    try {
      const result = await benchTarget(target, shape, 3310 + index);
      if (result) columns.push({ name: `${shape} ${target.name}`, result });
    } finally {
      await target.database.destroy();
      await target.cleanup();
    }
  }
}
if (values['seed-only']) process.exit(0);
const described: Record<Shape, string> = {
  demo: 'demo: `npm run seed` data',
  shop: 'shop: shaped like one shop, scripts/lib/shop-shape.ts',
};
const lines = [
  `\`npm run bench:search -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, SQLite ${sqliteVersion}${withPostgres ? ', PostgreSQL on the same machine' : ''}, load average ${load} at the start, ` +
    `host speed reference ${references.join(', ')} (scripts/lib/bench-kit.ts hostSpeedMs; lower is faster). ` +
    `Data: ${sizes.tickets.toLocaleString('en')} tickets, ${sizes.tasks.toLocaleString('en')} tasks, ` +
    `${sizes.clients.toLocaleString('en')} clients (${shapes.map((shape) => described[shape]).join('; ')}; 10 % in the Корзина); ${REQUESTS} sequential ` +
    "requests per measure, rotating through its queries, after a warm-up and after the seed's writes reached the disk (PostgreSQL CHECKPOINT, sync).",
  '',
];
const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
const cell = (timing: Timing | undefined) => (timing ? `${ms(timing.p95)} / ${ms(timing.max)}` : '');
lines.push(
  `p95 / max in ms; «+ З» ticks every state, Закрытые included.`,
  '',
  `| Measure | ${columns.map(({ name }) => `${name} | + З`).join(' | ')} |`,
  `|---|${columns.map(() => '---|---').join('|')}|`,
);
for (const [i, row] of (columns[0]?.result.rows ?? []).entries()) {
  const cells = columns.map(({ result }) => `${cell(result.rows[i]?.open)} | ${cell(result.rows[i]?.all)}`);
  lines.push(`| ${row.measure} | ${cells.join(' | ')} |`);
}
const notes: string[] = [];
for (const { name, result: r } of columns) {
  const said: string[] = [];
  const ratio = (a: number[], b: number[]) => {
    const median = (times: number[]) =>
      percentile(
        [...times].sort((x, y) => x - y),
        50,
      );
    return `${(median(a) / median(b)).toFixed(2)}×`;
  };
  if (r.edits.withIndex.length > 0) {
    said.push(
      `an edit through the API costs ${ratio(r.edits.withIndex, r.edits.without)} with the index (median, ${r.edits.withIndex.length} a half), the bare transaction ${ratio(r.writes.withIndex, r.writes.without)}`,
    );
  }
  if (r.seedSeconds !== undefined) said.push(`seeded in ${r.seedSeconds.toFixed(0)} s`);
  if (said.length) notes.push(`- ${name}: ${said.join('; ')}.`);
}
if (notes.length) lines.push('', ...notes);
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, `bench:search:${total}`, report);
