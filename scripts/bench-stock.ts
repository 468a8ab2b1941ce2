// `npm run bench:stock -- [--parts 50000] [--requests 200] [--chunk 10000] [--out docs/benchmarks.md]`:
// the parts catalogue of issue 51 at real size (target: list and search p95 ≤ 50 ms at 50,000
// parts), on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. Fills a
// fresh database through the catalogue import (`POST /api/parts/import`, as an admin loads a
// supplier's price list, a chunk of rows a file) from a fixed seed, restarts the real server, and
// times over HTTP the list's first page, a page deep in it, a common word, a part's article, text
// that matches nothing, a scanned barcode and «Заканчивается». PostgreSQL twice: as
// the import leaves it (no statistics of `parts`), then after ANALYZE, as autovacuum leaves it
// soon after on a default install — the plans differ. Prints Markdown.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Page } from '../src/domain/page';
import { normalizeSearchText } from '../src/domain/search-text';
import { ean13CheckDigit, type PartDto } from '../src/domain/stock';
import type { Database } from '../src/server/db/database';
import { encodeCursor } from '../src/server/db/cursor';
import { migrateToLatest } from '../src/server/db/migrate';
import { containsPattern } from '../src/server/db/paging';
import { isLowStock } from '../src/server/stock/parts.service';
import {
  hostSpeedMs,
  settle,
  signIn,
  startServer,
  timeRequests as timeRequestsOf,
  waitForDigest,
  writeSection,
} from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seed, seedEmails, SEED_PASSWORD } from './lib/seed-data';
import { seededRandom } from './lib/seeded-random';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    /** Rows a file: the import takes at most 60,000 (MAX_IMPORT_ROWS). */
    chunk: { type: 'string', default: '10000' },
    out: { type: 'string' },
  },
});
const PARTS = Number(values.parts);
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const CHUNK = Number(values.chunk);
const TARGET_MS = 50;
const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// The catalogue: a phone repair shop's, drawn from a fixed seed (the same file every run).

const MODELS: Record<string, { code: string; models: string[] }> = {
  Apple: {
    code: 'AP',
    models: [
      'iPhone 6s',
      'iPhone 7',
      'iPhone 7 Plus',
      'iPhone 8',
      'iPhone 8 Plus',
      'iPhone X',
      'iPhone XR',
      'iPhone XS',
      'iPhone XS Max',
      'iPhone 11',
      'iPhone 11 Pro',
      'iPhone 11 Pro Max',
      'iPhone 12',
      'iPhone 12 mini',
      'iPhone 12 Pro',
      'iPhone 12 Pro Max',
      'iPhone 13',
      'iPhone 13 mini',
      'iPhone 13 Pro',
      'iPhone 13 Pro Max',
      'iPhone 14',
      'iPhone 14 Plus',
      'iPhone 14 Pro',
      'iPhone 14 Pro Max',
      'iPhone 15',
      'iPhone 15 Pro',
      'iPhone SE 2020',
      'iPhone SE 2022',
    ],
  },
  Samsung: {
    code: 'SM',
    models: [
      'A10',
      'A12',
      'A20',
      'A30',
      'A32',
      'A50',
      'A51',
      'A52',
      'A53',
      'A54',
      'A71',
      'A72',
      'M21',
      'M31',
      'M51',
      'S10',
      'S20',
      'S21',
      'S22',
      'S23',
      'Note 10',
      'Note 20',
    ],
  },
  Xiaomi: {
    code: 'XI',
    models: [
      'Redmi 9',
      'Redmi 9A',
      'Redmi 9C',
      'Redmi 10',
      'Redmi 12',
      'Redmi Note 8',
      'Redmi Note 8 Pro',
      'Redmi Note 9',
      'Redmi Note 9 Pro',
      'Redmi Note 10',
      'Redmi Note 10 Pro',
      'Redmi Note 11',
      'Redmi Note 12',
      'Poco X3',
      'Poco X3 Pro',
      'Poco M3',
      'Mi 9',
      'Mi 10T',
      '11 Lite',
    ],
  },
  Honor: { code: 'HO', models: ['10 Lite', '20', '50', 'X8', '9X', '8A', 'X7'] },
  Huawei: { code: 'HU', models: ['P20 Lite', 'P30', 'P30 Lite', 'P40 Lite', 'Y6 2019', 'Nova 5T', 'Y8p'] },
  Realme: { code: 'RM', models: ['C11', 'C21', 'C30', '8', '9 Pro', 'C55'] },
  Tecno: { code: 'TE', models: ['Spark 10', 'Spark Go 2023', 'Camon 20', 'Pova 5'] },
  Infinix: { code: 'IN', models: ['Hot 30', 'Note 30', 'Smart 7'] },
};
/** Parts of one model: name, article code, how often (weight), the variants it comes in. */
const MODEL_PARTS: { name: string; code: string; weight: number; variants: string[] }[] = [
  { name: 'Экран', code: 'LCD', weight: 14, variants: ['', 'OLED', 'TFT', 'оригинал', 'в рамке', 'черный'] },
  { name: 'Дисплейный модуль', code: 'DSP', weight: 5, variants: ['', 'черный', 'белый', 'сервисный'] },
  { name: 'Аккумулятор', code: 'BAT', weight: 10, variants: ['', 'оригинал', 'повышенной емкости'] },
  { name: 'Шлейф зарядки', code: 'FLC', weight: 8, variants: ['', 'с микрофоном', 'оригинал'] },
  { name: 'Разъём зарядки', code: 'CON', weight: 5, variants: ['', 'Type-C', 'Lightning'] },
  { name: 'Задняя крышка', code: 'BCK', weight: 7, variants: ['черная', 'белая', 'синяя', 'зеленая'] },
  { name: 'Стекло камеры', code: 'CGL', weight: 5, variants: ['', 'с рамкой'] },
  { name: 'Камера основная', code: 'CAM', weight: 5, variants: ['', 'оригинал'] },
  { name: 'Камера фронтальная', code: 'FCM', weight: 4, variants: [''] },
  { name: 'Динамик слуховой', code: 'SPK', weight: 4, variants: ['', 'на шлейфе'] },
  { name: 'Динамик полифонический', code: 'BUZ', weight: 4, variants: [''] },
  { name: 'Шлейф межплатный', code: 'FLM', weight: 3, variants: [''] },
  { name: 'Кнопка включения на шлейфе', code: 'PWR', weight: 3, variants: [''] },
  { name: 'Плата зарядки', code: 'CBD', weight: 4, variants: ['', 'оригинал'] },
  { name: 'Рамка дисплея', code: 'FRM', weight: 3, variants: ['', 'черная'] },
  { name: 'Сим-лоток', code: 'SIM', weight: 3, variants: ['черный', 'серебристый', 'золотой'] },
  { name: 'Вибромотор', code: 'VIB', weight: 2, variants: [''] },
  { name: 'Микрофон', code: 'MIC', weight: 2, variants: [''] },
  { name: 'Защитное стекло', code: 'PRT', weight: 3, variants: ['', 'полный клей', 'матовое'] },
  { name: 'Тачскрин', code: 'TCH', weight: 2, variants: ['', 'черный'] },
];
/** Parts of no model: consumables and accessories. */
const GENERAL_PARTS: { name: string; unit: string }[] = [
  { name: 'Термопаста', unit: 'г' },
  { name: 'Припой 0,5 мм', unit: 'м' },
  { name: 'Флюс гель', unit: 'мл' },
  { name: 'Скотч двусторонний 2 мм', unit: 'м' },
  { name: 'Клей B-7000 15 мл', unit: 'шт' },
  { name: 'Винты корпусные', unit: 'компл.' },
  { name: 'Кабель USB Type-C 1 м', unit: 'шт' },
  { name: 'Кабель Lightning 1 м', unit: 'шт' },
  { name: 'Зарядное устройство 20 Вт', unit: 'шт' },
  { name: 'Проклейка дисплея', unit: 'шт' },
];
const GENERAL_SHARE = 0.04;

const HEADER = 'Название;Артикул;Штрихкод;Модели;Ед.;Цена закупки;Цена продажи;Количество;Минимум;Место';

interface CatalogueRow {
  name: string;
  article: string;
  barcode: string;
  models: string;
  unit: string;
  cost: number;
  price: number;
  quantity: number;
  minQty: number;
  place: string;
}

/** `count` parts: every one with an article of its own, 60 % with a maker's EAN-13, the rest get the shop's. */
function catalogue(count: number): CatalogueRow[] {
  const random = seededRandom(20261129);
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;
  const totalWeight = MODEL_PARTS.reduce((sum, part) => sum + part.weight, 0);
  const pickPart = () => {
    let left = random() * totalWeight;
    for (const part of MODEL_PARTS) if ((left -= part.weight) < 0) return part;
    return MODEL_PARTS.at(-1)!;
  };
  const brands = Object.entries(MODELS);
  const barcodes = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const serial = String(i + 1).padStart(6, '0');
    let name: string;
    let article: string;
    let models = '';
    let unit = 'шт';
    if (random() < GENERAL_SHARE) {
      const part = pick(GENERAL_PARTS);
      name = part.name;
      unit = part.unit;
      article = `GEN-${serial}`;
    } else {
      const part = pickPart();
      const [brand, { code, models: list }] = pick(brands);
      const at = below(list.length);
      const model = list[at]!;
      const variant = pick(part.variants);
      name = `${part.name} ${brand} ${model}${variant ? ` ${variant}` : ''}`;
      // Some parts fit the next model too («Redmi Note 10, Redmi Note 10 Pro»).
      models = random() < 0.3 && at + 1 < list.length ? `${model}, ${list[at + 1]}` : model;
      article = `${part.code}-${code}${model.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}-${serial}`;
    }
    let barcode = '';
    if (random() < 0.6) {
      do {
        const twelve = `${pick(['460', '690', '692', '693', '694', '695'])}${String(below(1e9)).padStart(9, '0')}`;
        barcode = twelve + ean13CheckDigit(twelve);
      } while (barcodes.has(barcode));
      barcodes.add(barcode);
    }
    const cost = (100 + below(150)) * 100 * (1 + below(10));
    const price = Math.round((cost * (1.5 + random())) / 1000) * 1000;
    // A quarter out of stock; a third with a minimum; low when on hand ≤ minimum.
    const quantity = random() < 0.25 ? 0 : 1 + below(20);
    const minQty = random() < 0.33 ? 1 + below(3) : 0;
    const place = `${pick(['А', 'Б', 'В', 'Г', 'Д', 'Е'])}-${1 + below(8)}-${String(1 + below(20)).padStart(2, '0')}`;
    return { name, article, barcode, models, unit, cost, price, quantity, minQty, place };
  });
}

function csvOf(rows: CatalogueRow[]): string {
  const fields = (row: CatalogueRow) => [
    row.name,
    row.article,
    row.barcode,
    row.models,
    row.unit,
    `${Math.floor(row.cost / 100)},${String(row.cost % 100).padStart(2, '0')}`,
    String(row.price / 100),
    String(row.quantity),
    String(row.minQty),
    row.place,
  ];
  return `\uFEFF${[HEADER, ...rows.map((row) => fields(row).join(';'))].join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------

interface Timing {
  first: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * The first request of a kind alone (the first time the server answers that query), then
 * REQUESTS more after WARMUP not counted, rotating through `urls`.
 */
async function timeKind(base: string, cookie: string, urls: string[]): Promise<Timing> {
  const first = await timeRequestsOf(base, cookie, () => urls[0]!, { requests: 1, warmup: 0 });
  let n = 1;
  const rest = await timeRequestsOf(base, cookie, () => urls[n++ % urls.length]!, {
    requests: REQUESTS,
    warmup: WARMUP,
  });
  return { first: first.max, ...rest };
}

/** How many parts a search finds, counted in the database (the same condition as PartsService.list). */
async function matching(database: Database, query: string): Promise<number> {
  const text = normalizeSearchText(query);
  const row = await database.db
    .selectFrom('parts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`search like ${containsPattern(text)} escape '\\'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const rows = catalogue(PARTS);
const withBarcode = rows.filter((row) => row.barcode !== '');
const lowCount = rows.filter((row) => row.minQty > 0 && row.quantity <= row.minQty).length;
const queryRandom = seededRandom(20261130);
const pickQuery = <T>(items: readonly T[]): T => items[Math.floor(queryRandom() * items.length)]!;
const COMMON = ['экран', 'аккумулятор', 'шлейф', 'iphone', 'samsung'];
const RARE = Array.from({ length: 50 }, () => pickQuery(rows).article.toLowerCase());
const NONE = ['жщфывап', 'qzxv', 'гидроцикл', 'экран nokia 3310', 'zzz-000'];
const BARCODES = Array.from({ length: 50 }, () => pickQuery(withBarcode).barcode);

interface Measure {
  kind: string;
  /** What it finds, for the conditions under the table. */
  note: string;
  timing: Timing;
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** Fills a migrated database with the staff and the catalogue, through the real server's import. */
async function importCatalogue(target: BenchTarget, port: number, env: Record<string, string>) {
  const { database } = target;
  await migrateToLatest(database);
  // The staff accounts alone (the first an admin): the parts' queries read no other table.
  await seed(database.db, { tickets: 0, tasks: 0, clients: 0 });
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, env);
  const importSeconds: number[] = [];
  try {
    await waitForDigest(database);
    const admin = await signIn(base, seedEmails[0]!, SEED_PASSWORD);
    // As an admin loads a price list: a file of CHUNK rows after another.
    for (let i = 0; i < rows.length; i += CHUNK) {
      const csv = csvOf(rows.slice(i, i + CHUNK));
      const started = performance.now();
      const response = await fetch(`${base}/api/parts/import`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ csv, dryRun: false }),
      });
      if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
      const { report } = (await response.json()) as { report: { added: number; errors: number } };
      importSeconds.push((performance.now() - started) / 1000);
      if (report.added !== Math.min(CHUNK, rows.length - i) || report.errors > 0)
        throw new Error(`import of rows ${i + 1}…: ${JSON.stringify(report).slice(0, 500)}`);
      log(`[${target.name}] imported ${Math.min(i + CHUNK, rows.length)} parts`);
    }
  } finally {
    await stopServer(server);
  }
  return importSeconds;
}

async function countParts(database: Database, low = false): Promise<number> {
  let select = database.db.selectFrom('parts').select((eb) => eb.fn.countAll<number>().as('n'));
  if (low) select = select.where(isLowStock);
  return Number((await select.executeTakeFirstOrThrow()).n);
}

/** Every kind of request, timed against a server started anew (the first request of each is its first). */
async function measure(label: string, target: BenchTarget, port: number, env: Record<string, string>) {
  const { database } = target;
  const stored = await countParts(database);
  const deep = await database.db
    .selectFrom('parts')
    .select(['name_key', 'id'])
    .orderBy('name_key')
    .orderBy('id')
    .offset(Math.floor(stored * 0.8))
    .limit(40)
    .execute();
  await settle(database, log);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, env);
  try {
    await waitForDigest(database);
    const cookie = await signIn(base, seedEmails[1]!, SEED_PASSWORD);
    const q = (text: string) => `/api/parts?q=${encodeURIComponent(text)}`;
    const kinds: { kind: string; urls: string[]; note: string }[] = [
      { kind: 'List, first page (50, name order)', urls: ['/api/parts'], note: '' },
      {
        kind: 'List, a page 80 % down (cursor)',
        urls: deep.map((row) => `/api/parts?cursor=${encodeCursor([row.name_key, row.id])}`),
        note: `${deep.length} cursors from row ${Math.floor(stored * 0.8).toLocaleString('en')} on`,
      },
      ...COMMON.map((word) => ({ kind: `Search, common: «${word}»`, urls: [q(word)], note: '' })),
      {
        kind: 'Search, common words rotating',
        urls: COMMON.map(q),
        note: COMMON.map((word) => `«${word}»`).join(', '),
      },
      { kind: "Search, a part's article (rare)", urls: RARE.map(q), note: `${RARE.length} articles` },
      { kind: 'Search, no match', urls: NONE.map(q), note: NONE.map((word) => `«${word}»`).join(', ') },
      {
        kind: 'Barcode (/api/parts/barcode)',
        urls: BARCODES.map((code) => `/api/parts/barcode?code=${code}`),
        note: `${BARCODES.length} makers' barcodes`,
      },
      { kind: '«Заканчивается» filter (?low=1)', urls: ['/api/parts?low=1'], note: '' },
    ];
    const measures: Measure[] = [];
    for (const { kind, urls, note } of kinds) {
      log(`[${label}] ${kind}…`);
      const timing = await timeKind(base, cookie, urls);
      // What the first of them answers, read once outside the timing.
      const answer = (await (await fetch(`${base}${urls[0]}`, { headers: { cookie } })).json()) as Partial<
        Page<PartDto>
      > & { part?: PartDto | null; parts?: PartDto[] };
      const found =
        answer.items !== undefined
          ? `${answer.items.length} row${answer.items.length === 1 ? '' : 's'}${answer.nextCursor ? ' + more' : ''}`
          : answer.parts !== undefined
            ? `${answer.parts.length} rows`
            : answer.part
              ? 'the part'
              : 'no part';
      measures.push({ kind, note: [note, `first answer ${found}`].filter(Boolean).join('; '), timing });
    }
    return measures;
  } finally {
    await stopServer(server);
  }
}

/** PostgreSQL: when `parts` was last analyzed (autovacuum may be off; the import runs no ANALYZE). */
async function statisticsOf(database: Database): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  const { rows: stats } = await sql<{ analyzed: string | null; auto: string | null }>`
    select last_analyze::text as analyzed, last_autoanalyze::text as auto
    from pg_stat_user_tables where relid = 'parts'::regclass`.execute(database.db);
  const row = stats[0];
  return row?.analyzed ? `ANALYZE ${row.analyzed}` : row?.auto ? `autoanalyze ${row.auto}` : 'none';
}

async function benchTarget(target: BenchTarget, port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-'));
  try {
    return await benchIn(target, port, {
      DATA_DIR: dataDir,
      DATABASE_URL: target.databaseUrl,
      AUTH_LIMIT_PER_IP: '100000',
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchIn(target: BenchTarget, port: number, env: Record<string, string>) {
  const { database } = target;
  const importSeconds = await importCatalogue(target, port, env);
  const columns: { name: string; statistics?: string; measures: Measure[] }[] = [];
  columns.push({
    name: target.name,
    statistics: await statisticsOf(database),
    measures: await measure(target.name, target, port, env),
  });
  if (database.dialect === 'postgres') {
    // What a default install's autovacuum does soon after the import: the planner then knows
    // the table, and chooses otherwise.
    await sql`analyze parts`.execute(database.db);
    columns.push({
      name: `${target.name}, analyzed`,
      statistics: await statisticsOf(database),
      measures: await measure(`${target.name}, analyzed`, target, port, env),
    });
  }
  // The parts each search finds, counted in the database.
  const counts: Record<string, string> = {};
  for (const word of COMMON) counts[word] = (await matching(database, word)).toLocaleString('en');
  const rare = await Promise.all(RARE.map((article) => matching(database, article)));
  const none = await Promise.all(NONE.map((text) => matching(database, text)));
  counts.rare = `${Math.min(...rare)}–${Math.max(...rare)}`;
  counts.none = `${Math.max(...none)}`;
  if (Math.min(...rare) < 1 || Math.max(...rare) > 3) throw new Error(`rare searches find ${counts.rare}`);
  if (Math.max(...none) !== 0) throw new Error(`a no-match search finds ${counts.none}`);
  return {
    stored: await countParts(database),
    low: await countParts(database, true),
    importSeconds,
    columns,
    counts,
  };
}

const loadBefore = os.loadavg();
const speed = hostSpeedMs();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const { targets, pgUrl } = await benchTargets();
const sqliteVersion = (
  await sql<{ v: string }>`select sqlite_version() as v`.execute(targets[0]!.database.db)
).rows[0]?.v;
type Result = Awaited<ReturnType<typeof benchTarget>>;
const results: [string, Result][] = [];
for (const [index, target] of targets.entries()) {
  try {
    results.push([target.name, await benchTarget(target, 3360 + index)]);
  } finally {
    await target.database.destroy();
    await target.cleanup();
  }
}
const loadAfter = os.loadavg();

const load = (avg: number[]) => `${avg[0]!.toFixed(2)} / ${avg[1]!.toFixed(2)} / ${avg[2]!.toFixed(2)}`;
const ms = (value: number) => value.toFixed(1);
const columns = results.flatMap(([, r]) => r.columns);
const lines = [
  `\`npm run bench:stock -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, SQLite ${sqliteVersion}${pgUrl ? ', PostgreSQL on the same machine' : ''}; ` +
    `load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after; host speed reference ${speed.toFixed(0)} ms ` +
    `(scripts/lib/bench-kit.ts hostSpeedMs; lower is faster). ` +
    `Data: ${PARTS.toLocaleString('en')} parts imported through \`POST /api/parts/import\` in files of ${CHUNK.toLocaleString('en')} rows ` +
    `(fixed seed: phone parts of ${Object.values(MODELS).reduce((n, brand) => n + brand.models.length, 0)} models, ` +
    `${((withBarcode.length / PARTS) * 100).toFixed(0)} % with a maker's barcode, ${lowCount.toLocaleString('en')} at or below their minimum), ` +
    `8 staff accounts, no tickets; the server started anew after the import and before each column. ` +
    `«First»: the first request of each kind; then ${REQUESTS} sequential requests after ${WARMUP} not counted, over HTTP on loopback, ` +
    `as an employee. Target (issue 51): list and search p95 ≤ ${TARGET_MS} ms.`,
  '',
  `| Measure | ${columns.map(({ name }) => `${name} first | p50 | p95 | worst`).join(' | ')} |`,
  `|---|${columns.map(() => '---|---|---|---').join('|')}|`,
];
for (const [i, { kind }] of (columns[0]?.measures ?? []).entries()) {
  const cells = columns.map(({ measures }) => {
    const t = measures[i]!.timing;
    const p95 = t.p95 > TARGET_MS ? `**${ms(t.p95)}**` : ms(t.p95);
    return `${ms(t.first)} | ${ms(t.p50)} | ${p95} | ${ms(t.max)}`;
  });
  lines.push(`| ${kind} | ${cells.join(' | ')} |`);
}
lines.push('', `Milliseconds; **bold**: p95 over ${TARGET_MS} ms.`, '');
const [, sample] = results[0] ?? [];
if (sample) {
  const c = sample.counts;
  lines.push(
    `- Parts found: ${COMMON.map((word) => `«${word}» ${c[word]}`).join(', ')}; an article ${c.rare}; no match ${c.none}; ` +
      `«Заканчивается» ${sample.low.toLocaleString('en')}.`,
  );
  for (const m of sample.columns[0]!.measures) if (m.note) lines.push(`- ${m.kind}: ${m.note}.`);
}
for (const [name, r] of results) {
  const total = r.importSeconds.reduce((sum, s) => sum + s, 0);
  const statistics = r.columns
    .filter((column) => column.statistics !== undefined)
    .map((column) => `${column.name}: ${column.statistics}`);
  lines.push(
    `- ${name}: ${r.stored.toLocaleString('en')} parts stored; import ${total.toFixed(1)} s ` +
      `(${r.importSeconds.map((s) => s.toFixed(1)).join(' + ')} s a file)` +
      (statistics.length
        ? `; the planner's statistics of \`parts\` when measured — ${statistics.join('; ')}`
        : '') +
      '.',
  );
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:stock', report);
