// `npm run bench:sheet-import -- [--rows 50000] [--runs 3] [--out docs/benchmarks.md]`: moving in
// from another repair system's spreadsheet (issue 56; target: 50,000 rows in at most 2 minutes),
// on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. A fixed-seed
// export (Russian dates and sums, `;`, Windows-1251 as Russian Excel saves it) goes through the
// real server as the admin's screen sends it: the preview, then the import, polled until done,
// as the screen polls it. Timed from the click on «Загрузить» until the screen reads «Загружено»;
// then undone, so each run starts from the same shop. Prints Markdown.
import { execFileSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { ImportBatchDto, ImportPreviewDto } from '../src/domain/sheet-import-dto';
import { migrateToLatest } from '../src/server/db/migrate';
import {
  hostSpeedMs,
  memoryMb,
  percentile,
  settle,
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
    rows: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const TARGET_S = 120;
const POLL_MS = 700;
const log = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// The export: a shop's two years of repairs, drawn from a fixed seed (the same file every run).

const random = seededRandom(20261129);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const SURNAMES = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
];
const NAMES = ['Иван', 'Пётр', 'Анна', 'Мария', 'Олег', 'Ксения', 'Дмитрий', 'Елена'];
const DEVICES = [
  'iPhone 12',
  'iPhone 13',
  'Samsung A52',
  'Xiaomi Redmi Note 10',
  'Ноутбук ASUS',
  'iPad Air',
  'Honor 50',
];
const FAULTS = ['Не включается', 'Разбит экран', 'Не заряжается', 'Нет звука', 'Греется'];
const STATUSES = ['Выдан', 'Выдан', 'Выдан', 'В работе', 'Готов', 'Новый', 'Ждёт запчасть'];
/** About one client in three comes back: the file names each phone about three times. */
const CLIENTS = Math.ceil(ROWS / 3);

function exportFile(): Buffer {
  const lines = ['№;Дата приёма;Клиент;Телефон;Модель;IMEI/SN;Неисправность;Статус;Сумма;Оплачено;Мастер'];
  for (let i = 0; i < ROWS; i += 1) {
    const client = Math.floor(random() * CLIENTS);
    const day = new Date(Date.UTC(2024, 10, 1) + Math.floor(random() * 730) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
    const sum = Math.floor(random() * 20_000) * 50;
    const rubles = (kopecks: number) =>
      `${String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(kopecks % 100).padStart(2, '0')}`;
    const status = pick(STATUSES);
    lines.push(
      [
        `R-${100_000 + i}`,
        `${date} ${String(9 + Math.floor(random() * 10)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}`,
        `${SURNAMES[client % SURNAMES.length]} ${NAMES[client % NAMES.length]} ${client}`,
        `8 9${String(10 + (client % 90))} ${String(1_000_000 + client).slice(1)}`,
        pick(DEVICES),
        random() < 0.5 ? `SN${Math.floor(random() * 1e9)}` : '',
        pick(FAULTS),
        status,
        rubles(sum),
        status === 'Выдан' ? rubles(sum) : '',
        pick(['Петров', 'Сидоров', 'Козлов']),
      ].join(';'),
    );
  }
  // Windows-1251, as Russian Excel saves «CSV (разделители — точка с запятой)».
  const text = lines.join('\r\n');
  const bytes = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes[i] =
      code < 0x80
        ? code
        : code >= 0x410 && code <= 0x44f
          ? code - 0x410 + 0xc0
          : code === 0x451
            ? 0xb8
            : code === 0x2116
              ? 0xb9
              : 0x3f;
  }
  return bytes;
}

const file = exportFile();
const fileMb = file.length / 1024 / 1024;

// ---------------------------------------------------------------------------------------------

function form(mapping: object | null): FormData {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('files', new Blob([new Uint8Array(file)]), 'выгрузка.csv');
  return body;
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

interface Run {
  previewS: number;
  importS: number;
  peakMb: number;
  batch: ImportBatchDto;
}

async function benchTarget(target: BenchTarget, port: number): Promise<Run[]> {
  const { database } = target;
  await migrateToLatest(database);
  await seed(database.db, { tickets: 0, tasks: 0, clients: 0 });
  await settle(database, log);
  const env = { DATABASE_URL: target.databaseUrl, DATA_DIR: os.tmpdir() + `/glz-bench-import-${port}` };
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, env);
  const runs: Run[] = [];
  try {
    await waitForDigest(database);
    const cookie = await signIn(base, seedEmails[0]!, SEED_PASSWORD);
    const headers = { cookie, 'x-requested-with': 'fetch' };
    for (let run = 0; run < RUNS; run += 1) {
      log(`[${target.name}] run ${run + 1}: preview…`);
      let started = performance.now();
      const previewResponse = await fetch(`${base}/api/sheet-import/preview`, {
        method: 'POST',
        headers,
        body: form(null),
      });
      if (!previewResponse.ok)
        throw new Error(`preview: ${previewResponse.status} ${await previewResponse.text()}`);
      const preview = (await previewResponse.json()) as ImportPreviewDto;
      const previewS = (performance.now() - started) / 1000;
      const mapping = {
        columns: preview.columns,
        statuses: Object.fromEntries(
          preview.statusWords.map((word) => [word.key, word.guess ?? 'in_repair']),
        ),
        ticketType: 'Гарантийный ремонт',
        payMethod: 'cash',
      };
      log(`[${target.name}] run ${run + 1}: import…`);
      started = performance.now();
      const startResponse = await fetch(`${base}/api/sheet-import`, {
        method: 'POST',
        headers,
        body: form(mapping),
      });
      if (startResponse.status !== 202)
        throw new Error(`import: ${startResponse.status} ${await startResponse.text()}`);
      let batch = ((await startResponse.json()) as { batch: ImportBatchDto }).batch;
      while (batch.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        batch = (
          (await (await fetch(`${base}/api/sheet-import/${batch.id}`, { headers })).json()) as {
            batch: ImportBatchDto;
          }
        ).batch;
      }
      const importS = (performance.now() - started) / 1000;
      const peakMb = memoryMb(server.pid!).peak;
      if (batch.state !== 'done' || batch.ticketsCreated !== ROWS)
        throw new Error(`import ended ${JSON.stringify({ ...batch, refusals: batch.refusals.slice(0, 3) })}`);
      runs.push({ previewS, importS, peakMb, batch });
      log(`[${target.name}] run ${run + 1}: ${importS.toFixed(1)} s; undo…`);
      const undo = await fetch(`${base}/api/sheet-import/${batch.id}/undo`, { method: 'POST', headers });
      if (!undo.ok) throw new Error(`undo: ${undo.status} ${await undo.text()}`);
    }
  } finally {
    await stopServer(server);
  }
  return runs;
}

const loadBefore = os.loadavg();
const speed = hostSpeedMs();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const { targets, pgUrl } = await benchTargets();
const results: [string, Run[]][] = [];
for (const [index, target] of targets.entries()) {
  try {
    results.push([target.name, await benchTarget(target, 3390 + index)]);
  } finally {
    await target.database.destroy();
    await target.cleanup();
  }
}
const loadAfter = os.loadavg();

const load = (avg: number[]) => `${avg[0]!.toFixed(2)} / ${avg[1]!.toFixed(2)} / ${avg[2]!.toFixed(2)}`;
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
const firstBatch = results[0]?.[1][0]?.batch;
const lines = [
  `\`npm run bench:sheet-import -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}${pgUrl ? ', PostgreSQL on the same machine' : ''}; ` +
    `load average (1 / 5 / 15 min) ${load(loadBefore)} before, ${load(loadAfter)} after; host speed reference ${speed.toFixed(0)} ms. ` +
    `Data: a CSV of ${ROWS.toLocaleString('en')} repairs (${fileMb.toFixed(1)} MB, Windows-1251, «;», Russian dates and sums; fixed seed), ` +
    `${firstBatch?.clientsCreated.toLocaleString('en') ?? '?'} clients by phone, into a shop with 8 staff and no repairs. ` +
    `Each run: the preview (\`POST /api/sheet-import/preview\`), then the import timed from its request until a poll every ${POLL_MS} ms ` +
    `reads it done, as the screen does; then undone. Target (issue 56): ${ROWS.toLocaleString('en')} rows in ≤ ${TARGET_S} s.`,
  '',
  `| Database | runs | preview median | worst | import median | worst | server peak RSS |`,
  `|---|---|---|---|---|---|---|`,
];
for (const [name, runs] of results) {
  const previews = sorted(runs.map((run) => run.previewS));
  const imports = sorted(runs.map((run) => run.importS));
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  const importWorst = imports.at(-1)!;
  lines.push(
    `| ${name} | ${runs.length} | ${seconds(percentile(previews, 50))} | ${seconds(previews.at(-1)!)} | ` +
      `${seconds(percentile(imports, 50))} | ${importWorst > TARGET_S ? `**${seconds(importWorst)}**` : seconds(importWorst)} | ` +
      `${Math.max(...runs.map((run) => run.peakMb)).toFixed(0)} MB |`,
  );
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:sheet-import', report);
