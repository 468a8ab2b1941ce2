// `npm run bench:slow`: the worklist on a slow network (issue: first row ≤ 2 s on 1.6 Mbit/s
// with a 150 ms round trip; the login screen's JavaScript ≤ 170 KB compressed).
//
// Builds the web app if needed, seeds SQLite in a temporary folder, starts the real server,
// signs a seeded employee in, and for each repetition launches a fresh Chromium (empty cache,
// no service worker), throttles it through the DevTools protocol and opens /app/work. The
// first row's time is taken in the page (performance.now(), i.e. from navigation start) and,
// for comparison, in Node around goto + waitFor. Every request of the load is recorded from
// the DevTools protocol (start, headers, end, bytes as transferred, content-encoding), so the
// report can show the waterfall of the median run. Then /login is opened the same way and its
// JavaScript summed: as transferred, and gzip / brotli of the same files from disk.
// Prints Markdown on stdout (progress on stderr).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { percentile, startServer, writeSection } from './lib/bench-kit';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    /** Tickets + tasks, half each; clients are 15 % of that. */
    items: { type: 'string', default: '4000' },
    runs: { type: 'string', default: '5' },
    /** Not 3000 (npm start), 3101 / 3102 (Playwright's servers). */
    port: { type: 'string', default: '3190' },
    /** Download and upload, Mbit/s (decimal: 1.6 = 200,000 bytes/s); 0 = no throttling. */
    mbps: { type: 'string', default: '1.6' },
    /** Round trip added to every request, ms. */
    rtt: { type: 'string', default: '150' },
    /** DevTools command: `rule` (emulateNetworkConditionsByRule), `legacy`, or `auto` (rule, else legacy). */
    throttle: { type: 'string', default: 'auto' },
    /**
     * Open the app as http://shop.lan:PORT (mapped to 127.0.0.1 inside Chromium) instead of
     * 127.0.0.1: a plain-HTTP address that is not loopback, as on a shop's network.
     */
    lan: { type: 'boolean', default: false },
    /** Also write the report into this file between `<!-- bench:slow -->` markers. */
    out: { type: 'string' },
  },
});
const ITEMS = Number(values.items);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const MBPS = Number(values.mbps);
const RTT = Number(values.rtt);
const BYTES_PER_SECOND = MBPS > 0 ? (MBPS * 1e6) / 8 : -1;
const THROTTLE_MODE = values.throttle;
if (
  ![ITEMS, RUNS, PORT].every((n) => Number.isInteger(n) && n > 0) ||
  !(MBPS >= 0) ||
  !(RTT >= 0) ||
  !['auto', 'rule', 'legacy'].includes(THROTTLE_MODE)
) {
  process.stderr.write(
    'Usage: npm run bench:slow -- [--items N] [--runs N] [--port N] [--mbps 1.6] [--rtt 150] [--throttle auto|rule|legacy] [--lan] [--out docs/benchmarks.md]\n',
  );
  process.exit(2);
}
if ([3000, 3101, 3102].includes(PORT)) {
  process.stderr.write(`Port ${PORT} belongs to npm start or the e2e servers; pick another.\n`);
  process.exit(2);
}

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_ROOT = path.join(ROOT, 'dist/web');
const BASE = `http://127.0.0.1:${PORT}`;
/** Where Chromium opens the app. */
const APP = values.lan ? `http://shop.lan:${PORT}` : BASE;
const LAUNCH = values.lan
  ? { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP shop.lan 127.0.0.1'] }
  : CHROMIUM_LAUNCH;
const TARGET_MS = 2000;
const TARGET_LOGIN_JS_KB = 170;
const log = (line: string) => process.stderr.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
// The server serves dist/web relative to its working directory (src/server/app.ts).
process.chdir(ROOT);

// ---------------------------------------------------------------------------------------
// Requests as the DevTools protocol reports them.

interface RequestRecord {
  url: string;
  path: string;
  type: string;
  /** Seconds on the protocol's monotonic clock. */
  sent: number;
  done?: number;
  /**
   * The page's Resource Timing for it (ms from navigation start), when there is one. The
   * protocol's response events are unreliable under throttling (headers after the body).
   */
  at?: { start: number; firstByte: number; done: number };
  failed?: boolean;
  /** Bytes on the wire (headers + body as sent, i.e. compressed when it was). */
  transferred: number;
  encoding: string;
  status?: number;
  acceptEncoding?: string;
}

function recordRequests(cdp: CDPSession): Map<string, RequestRecord> {
  const requests = new Map<string, RequestRecord>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    requests.set(e.requestId, {
      url: e.request.url,
      path: url.pathname + url.search,
      type: e.type ?? 'Other',
      sent: e.timestamp,
      transferred: 0,
      encoding: '',
    });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const record = requests.get(e.requestId);
    const accept = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'accept-encoding')?.[1];
    if (record && accept) record.acceptEncoding = accept;
  });
  cdp.on('Network.responseReceived', (e) => {
    const record = requests.get(e.requestId);
    if (!record) return;
    record.status = e.response.status;
    record.type = e.type;
    record.encoding =
      Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
  });
  cdp.on('Network.dataReceived', (e) => {
    const record = requests.get(e.requestId);
    if (record) record.transferred += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const record = requests.get(e.requestId);
    if (!record) return;
    record.done = e.timestamp;
    record.transferred = Math.max(record.transferred, e.encodedDataLength);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const record = requests.get(e.requestId);
    if (!record) return;
    record.done = e.timestamp;
    record.failed = true;
  });
  return requests;
}

type Category = 'HTML' | 'JS' | 'CSS' | 'API' | 'other';
function category(r: RequestRecord): Category {
  if (r.path.startsWith('/api/')) return 'API';
  if (r.type === 'Document') return 'HTML';
  if (r.type === 'Script') return 'JS';
  if (r.type === 'Stylesheet') return 'CSS';
  return 'other';
}

/** Throttles this page; returns which DevTools command did it. */
async function throttle(cdp: CDPSession): Promise<string> {
  await cdp.send('Network.enable');
  if (BYTES_PER_SECOND < 0 && RTT === 0) return 'none';
  const conditions = {
    latency: RTT,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  };
  if (THROTTLE_MODE !== 'legacy') {
    try {
      await cdp.send('Network.emulateNetworkConditionsByRule', {
        matchedNetworkConditions: [{ urlPattern: '', ...conditions }],
      });
      return 'Network.emulateNetworkConditionsByRule';
    } catch (error) {
      if (THROTTLE_MODE === 'rule') throw error;
    }
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  return 'Network.emulateNetworkConditions';
}

/** A cold visit: a new browser (empty profile, cache and connection pool), no service worker. */
async function coldPage(cookie?: string) {
  const browser = await chromium.launch(LAUNCH);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (cookie) {
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: APP }]);
  }
  await context.addInitScript(installFirstRowProbe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = recordRequests(cdp);
  const method = await throttle(cdp);
  return { browser, page, requests, method };
}

// ---------------------------------------------------------------------------------------
// In the page: when the first worklist row is in the document with a box, and the frame after.

interface FirstRow {
  /** In the document, whatever its size. */
  inserted: number;
  /** In the document with a box (what Playwright calls visible). */
  dom: number;
  painted?: number;
}
type ProbeWindow = Window & {
  __firstRow?: FirstRow;
  __inserted?: number;
  /** Main-thread tasks over 50 ms: [start, duration]. */
  __longTasks?: [number, number][];
};

function installFirstRowProbe() {
  const w = window as ProbeWindow;
  const longTasks: [number, number][] = [];
  w.__longTasks = longTasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the report shows none.
  }
  const observer = new MutationObserver(() => {
    const row = document.querySelector('[data-testid="work-row"]');
    if (row && w.__inserted === undefined) w.__inserted = performance.now();
    if (!row || row.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    const mark: FirstRow = { inserted: w.__inserted ?? performance.now(), dom: performance.now() };
    w.__firstRow = mark;
    // rAF runs before the frame is drawn; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Resource Timing of one request, ms from navigation start (the page's own clock). */
interface Timing {
  url: string;
  start: number;
  responseStart: number;
  responseEnd: number;
}

interface PageMarks {
  row: FirstRow;
  fcp: number | null;
  domContentLoaded: number;
  load: number;
  timings: Timing[];
  longTasks: [number, number][];
}

async function pageMarks(page: Page): Promise<PageMarks> {
  await page.waitForFunction(() => (window as ProbeWindow).__firstRow?.painted !== undefined);
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      row: (window as ProbeWindow).__firstRow!,
      fcp: fcp ? fcp.startTime : null,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? NaN,
      load: nav?.loadEventEnd ?? NaN,
      longTasks: (window as ProbeWindow).__longTasks ?? [],
      timings: [...(nav ? [nav] : []), ...performance.getEntriesByType('resource')].map((e) => {
        const t = e as PerformanceResourceTiming;
        return {
          url: t.name,
          start: t.startTime,
          responseStart: t.responseStart,
          responseEnd: t.responseEnd,
        };
      }),
    };
  });
}

// ---------------------------------------------------------------------------------------
// One cold visit of the worklist.

interface Run {
  /** ms from navigation start, measured in the page. */
  rowPainted: number;
  rowInDom: number;
  rowInserted: number;
  /** Main-thread tasks over 50 ms that started before the row was painted: [start, duration]. */
  longTasks: [number, number][];
  /** ms from page.goto() to waitFor() resolving, measured in Node. */
  node: number;
  fcp: number | null;
  domContentLoaded: number;
  /** Requests sent before the row was painted. */
  requests: RequestRecord[];
  /** Protocol clock of the document request = navigation start. */
  origin: number;
  method: string;
}

async function worklistRun(cookie: string): Promise<Run> {
  const { browser, page, requests, method } = await coldPage(cookie);
  try {
    const started = performance.now();
    await page.goto(`${APP}/app/work`, { waitUntil: 'commit' });
    await page.locator('[data-testid="work-row"]').first().waitFor({ timeout: 60_000 });
    const node = performance.now() - started;
    const marks = await pageMarks(page);
    const all = [...requests.values()];
    const origin = all.find((r) => r.type === 'Document')?.sent ?? Math.min(...all.map((r) => r.sent));
    const timings = [...marks.timings];
    for (const r of all.sort((a, b) => a.sent - b.sent)) {
      const index = timings.findIndex((t) => t.url === r.url);
      if (index < 0) continue;
      const [t] = timings.splice(index, 1);
      r.at = { start: t!.start, firstByte: t!.responseStart, done: t!.responseEnd };
    }
    const before = all.filter((r) => (r.at?.start ?? (r.sent - origin) * 1000) <= marks.row.painted!);
    return {
      rowPainted: marks.row.painted!,
      rowInDom: marks.row.dom,
      rowInserted: marks.row.inserted,
      longTasks: marks.longTasks.filter(([start]) => start <= marks.row.painted!),
      node,
      fcp: marks.fcp,
      domContentLoaded: marks.domContentLoaded,
      requests: before,
      origin,
      method,
    };
  } finally {
    await browser.close();
  }
}

function bytesBy(requests: RequestRecord[]): Record<Category, number> {
  const sums: Record<Category, number> = { HTML: 0, JS: 0, CSS: 0, API: 0, other: 0 };
  for (const r of requests) sums[category(r)] += r.transferred;
  return sums;
}

// ---------------------------------------------------------------------------------------
// The login screen's JavaScript.

interface JsFile {
  path: string;
  transferred: number;
  encoding: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function diskSizes(urlPath: string): { raw: number; gzip: number; brotli: number } {
  const file = path.join(WEB_ROOT, decodeURIComponent(urlPath.split('?')[0]!));
  if (!file.startsWith(WEB_ROOT) || !fs.existsSync(file)) return { raw: NaN, gzip: NaN, brotli: NaN };
  const content = fs.readFileSync(file);
  return {
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

/** The scripts index.html loads at once: its entry and every modulepreload (no browser needed). */
function scriptsInIndexHtml(): string[] {
  const html = fs.readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...entry, ...preloads];
}

async function loginRun() {
  const { browser, page, requests } = await coldPage();
  try {
    const started = performance.now();
    await page.goto(`${APP}/login`, { waitUntil: 'commit' });
    await page.getByLabel('E-mail').waitFor({ timeout: 60_000 });
    const formVisible = performance.now() - started;
    const onScreen = [...requests.values()].filter((r) => r.type === 'Script' && r.done !== undefined);
    // Then until nothing has moved for 1.5 s (the other screens are fetched 1.5 s after start).
    const until = Date.now() + 30_000;
    let settled = 0;
    while (Date.now() < until && settled < 15) {
      const snapshot = JSON.stringify([...requests.values()].map((r) => [r.done, r.transferred]));
      await page.waitForTimeout(100);
      const pending = [...requests.values()].some(
        (r) => r.done === undefined && !r.path.startsWith('/api/events'),
      );
      settled =
        !pending && snapshot === JSON.stringify([...requests.values()].map((r) => [r.done, r.transferred]))
          ? settled + 1
          : 0;
    }
    const toFile = (r: RequestRecord): JsFile => ({
      path: r.path,
      transferred: r.transferred,
      encoding: r.encoding || 'none',
      ...diskSizes(r.path),
    });
    const scripts = [...requests.values()].filter((r) => r.type === 'Script');
    return {
      formVisible,
      forScreen: onScreen.map(toFile),
      untilIdle: scripts.map(toFile),
      acceptEncoding: [...requests.values()].find((r) => r.type === 'Document')?.acceptEncoding ?? '?',
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------
// What the server itself sends, asked directly (Node's fetch would decode it).

function rawHead(urlPath: string, acceptEncoding: string, cookie?: string) {
  return new Promise<{ status: number; encoding: string; bytes: number; type: string }>((resolve, reject) => {
    const request = http.get(
      `${BASE}${urlPath}`,
      { headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'none'),
            bytes,
            type: String(response.headers['content-type'] ?? '').split(';')[0]!,
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------

function buildWebIfNeeded() {
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (result.status !== 0) throw new Error('web build failed');
}

async function seedDatabase(dataDir: string): Promise<string[]> {
  const database = openDatabase(`sqlite:${path.join(dataDir, 'gl-zadachi.sqlite')}`);
  try {
    await migrateToLatest(database);
    const tickets = Math.ceil(ITEMS / 2);
    return await seed(
      database.db,
      { tickets, tasks: ITEMS - tickets, clients: Math.max(1, Math.round(ITEMS * 0.15)) },
      log,
    );
  } finally {
    await database.destroy();
  }
}

function waterfall(run: Run): string[] {
  const ms = (t: number | undefined) => (t === undefined || !(t > 0 || t === 0) ? '—' : t.toFixed(0));
  const lines = [
    '| # | Request | Type | Sent | First byte | Done | Transferred | Encoding |',
    '|---|---|---|---|---|---|---|---|',
  ];
  run.requests.forEach((r, i) => {
    const name = r.path.length > 60 ? `${r.path.slice(0, 57)}…` : r.path;
    // Without Resource Timing (a stream still open) the protocol's clock stands in.
    const sent = r.at?.start ?? (r.sent - run.origin) * 1000;
    const done = r.at?.done ?? (r.done === undefined ? undefined : (r.done - run.origin) * 1000);
    lines.push(
      `| ${i + 1} | \`${name}\` | ${category(r)} | ${ms(sent)} | ${ms(r.at?.firstByte)} | ${r.failed ? 'failed' : ms(done)} | ${kb(r.transferred)} | ${r.encoding || 'none'} |`,
    );
  });
  return lines;
}

/**
 * A check that the throttling is in effect: bytes of every response that finished while
 * the largest one was downloading (after its first round trip), over that time.
 */
function observedRate(run: Run): string {
  const timed = run.requests.filter((r) => r.at);
  const largest = [...timed].sort((a, b) => b.transferred - a.transferred)[0];
  if (!largest?.at) return '?';
  const from = largest.at.start + RTT;
  const to = largest.at.done;
  const bytes = timed
    .filter((r) => r.at!.done > from && r.at!.done <= to)
    .reduce((sum, r) => sum + r.transferred, 0);
  return `${((bytes * 8) / (to - from) / 1000).toFixed(2)} Mbit/s (${kb(bytes)} in the ${(to - from).toFixed(0)} ms \`${largest.path}\` was downloading, after its first ${RTT} ms)`;
}

// ---------------------------------------------------------------------------------------

buildWebIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-slow-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  log(`seeding ${ITEMS} tickets and tasks…`);
  const emails = await seedDatabase(dataDir);
  server = await startServer(PORT, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_LIMIT_PER_IP: '100000',
  });
  const signIn = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: emails[1], password: SEED_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;

  const loadBefore = os.loadavg();
  let chromiumVersion = '?';
  {
    const browser: Browser = await chromium.launch(CHROMIUM_LAUNCH);
    chromiumVersion = browser.version();
    await browser.close();
  }

  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await worklistRun(cookie);
    log(
      `run ${i + 1}: first row painted ${run.rowPainted.toFixed(0)} ms (in DOM ${run.rowInDom.toFixed(0)}, Node ${run.node.toFixed(0)}), ${run.requests.length} requests`,
    );
    runs.push(run);
  }
  log('login screen…');
  const login = await loginRun();
  const loadAfter = os.loadavg();

  const direct = await Promise.all(
    [
      ['/login', 'gzip, deflate, br'],
      [scriptsInIndexHtml()[0]!, 'gzip, deflate, br'],
      [scriptsInIndexHtml()[0]!, 'gzip, deflate'],
      ['/api/config', 'gzip, deflate, br'],
      ['/api/work', 'gzip, deflate, br'],
    ].map(async ([url, accept]) => ({
      url: url!,
      accept: accept!,
      ...(await rawHead(url!, accept!, cookie)),
    })),
  );

  // -------------------------------------------------------------------------------------
  const byPainted = [...runs].sort((a, b) => a.rowPainted - b.rowPainted);
  const median = byPainted[Math.ceil(byPainted.length / 2) - 1]!;
  const stat = (pick: (r: Run) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return { median: percentile(sorted, 50), max: sorted.at(-1)! };
  };
  const painted = stat((r) => r.rowPainted);
  const node = stat((r) => r.node);
  const [l1 = 0, l5 = 0] = loadBefore;
  const sumOf = (files: JsFile[], key: 'transferred' | 'raw' | 'gzip' | 'brotli') =>
    files.reduce((s, f) => s + f[key], 0);
  const indexScripts = scriptsInIndexHtml().map((p) => ({ path: p, ...diskSizes(p) }));
  const staticBrotli = indexScripts.reduce((s, f) => s + f.brotli, 0);
  const staticGzip = indexScripts.reduce((s, f) => s + f.gzip, 0);
  const staticRaw = indexScripts.reduce((s, f) => s + f.raw, 0);
  const screenSent = sumOf(login.forScreen, 'transferred');
  const cpu = os.cpus();

  const out: string[] = [];
  out.push(
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}, Chromium ${chromiumVersion} (headless); load average ${l1.toFixed(2)} / ${l5.toFixed(2)} (1 / 5 min) before the runs, ` +
      `${loadAfter[0]!.toFixed(2)} after. Data: SQLite, ${ITEMS.toLocaleString('en')} tickets and tasks (\`npm run seed\` data), signed in as an employee. ` +
      `Throttling: ${MBPS > 0 ? `${MBPS} Mbit/s down and up (${BYTES_PER_SECOND.toLocaleString('en')} bytes/s)` : 'no bandwidth limit'}, ` +
      `${RTT} ms added to every request, through \`${median.method}\`. ` +
      `${RUNS} cold visits of \`${APP}/app/work\` (a new browser each: empty cache, service worker blocked), server on loopback.`,
    '',
    `| Run | First row painted (in page) | in DOM (with a box) | Node (goto → visible) | First paint | DOMContentLoaded | Long tasks before the row | Requests before the row | JS | CSS | API | HTML + other |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  runs.forEach((r, i) => {
    const b = bytesBy(r.requests);
    out.push(
      `| ${i + 1} | ${r.rowPainted.toFixed(0)} ms | ${r.rowInDom.toFixed(0)} ms | ${r.node.toFixed(0)} ms | ${r.fcp?.toFixed(0) ?? '—'} ms | ${r.domContentLoaded.toFixed(0)} ms | ${r.longTasks.reduce((sum, [, d]) => sum + d, 0).toFixed(0)} ms | ${r.requests.length} | ${kb(b.JS)} | ${kb(b.CSS)} | ${kb(b.API)} | ${kb(b.HTML + b.other)} |`,
    );
  });
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  out.push(
    '',
    `- **First row (in page, from navigation start): median ${painted.median.toFixed(0)} ms, worst ${painted.max.toFixed(0)} ms** — target ≤ ${TARGET_MS} ms: ${met(painted.max <= TARGET_MS)} (median ${met(painted.median <= TARGET_MS)}). Measured from Node: median ${node.median.toFixed(0)} ms, worst ${node.max.toFixed(0)} ms.`,
    `- Login screen: **${kb(screenSent)} of JavaScript as transferred** (${login.forScreen.length} files, encoding ${[...new Set(login.forScreen.map((f) => f.encoding))].join(', ')}, HTTP headers included) before the form was visible at ${login.formVisible.toFixed(0)} ms; ` +
      `the same files from disk: ${kb(sumOf(login.forScreen, 'raw'))} raw, ${kb(sumOf(login.forScreen, 'gzip'))} gzip -9, **${kb(sumOf(login.forScreen, 'brotli'))} brotli** — target ≤ ${TARGET_LOGIN_JS_KB} KB: ${met(sumOf(login.forScreen, 'brotli') <= TARGET_LOGIN_JS_KB * 1000)} with brotli, ${met(sumOf(login.forScreen, 'gzip') <= TARGET_LOGIN_JS_KB * 1000)} with gzip.`,
    `- Without a browser: \`dist/web/index.html\` loads ${indexScripts.length} scripts (entry + modulepreload): ${kb(staticRaw)} raw, ${kb(staticGzip)} gzip -9, ${kb(staticBrotli)} brotli.`,
    `- Until the login page was idle (the other screens are fetched in the background 1.5 s after start): ${login.untilIdle.length} scripts, ${kb(sumOf(login.untilIdle, 'transferred'))} transferred.`,
    `- Chromium asked for \`Accept-Encoding: ${login.acceptEncoding}\`. Asked directly: ${direct
      .map((d) => `\`${d.url}\` with \`${d.accept}\` → ${d.encoding}, ${kb(d.bytes)}`)
      .join('; ')}.`,
    `- Download rate seen in the median run (a check that the throttling works): ${observedRate(median)}.`,
    '',
    `Largest login-screen scripts (from disk):`,
    '',
    '| Script | raw | gzip -9 | brotli | as transferred |',
    '|---|---|---|---|---|',
    ...[...login.forScreen]
      .sort((a, b) => b.raw - a.raw)
      .slice(0, 6)
      .map(
        (f) =>
          `| \`${f.path}\` | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} | ${kb(f.transferred)} (${f.encoding}) |`,
      ),
    '',
    `Waterfall of the median run (${median.rowPainted.toFixed(0)} ms; ms from navigation start; requests sent before the row was painted):`,
    '',
    ...waterfall(median),
    '',
    `In that run the row was in the document at ${median.rowInserted.toFixed(0)} ms, had a box at ${median.rowInDom.toFixed(0)} ms and was painted at ${median.rowPainted.toFixed(0)} ms; ` +
      `main-thread tasks over 50 ms before it: ${median.longTasks.map(([start, d]) => `${start.toFixed(0)}–${(start + d).toFixed(0)} ms`).join(', ') || 'none'}.`,
  );
  const report = out.join('\n');
  process.stdout.write(`${report}\n`);
  // The file keeps the summary; the scripts and the waterfall are for the terminal.
  const details = out.indexOf('Largest login-screen scripts (from disk):');
  if (values.out) writeSection(values.out, 'bench:slow', out.slice(0, details).join('\n').trimEnd());
} finally {
  server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
