// `npm run bench:cold`: the app's first load in Chromium, as a person opening it sees it (issue 22,
// part 3). Seeds a real-size SQLite database, runs the real server behind a counting proxy (every
// request the browser and its service worker make, with the bytes sent), and measures:
// - signed in, a fresh browser context opening the worklist: time from navigation to the first
//   row on screen (in the page: the first animation frame after the row is in the document);
// - signed out, a first visit to /login: the JavaScript it runs before the form shows (gzip and
//   brotli of those files), and every file downloaded during the visit until the network has
//   been quiet for 5 s (service worker installed, other screens fetched): none may come twice.
// Prints Markdown.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { percentile, writeSection } from './lib/bench-kit';
import { sqliteTarget } from './lib/bench-targets';
import { seededServer } from './lib/seeded-server';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '9' },
    out: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const SERVER_PORT = 3270;
const PROXY_PORT = 3271;
const BASE = `http://127.0.0.1:${PROXY_PORT}`;
const WEB_ROOT = path.resolve('dist/web');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

interface Fetched {
  path: string;
  status: number;
  bytes: number;
  at: number;
}

/** Passes every request on to the server and notes what went back, as a network tap would. */
function countingProxy() {
  let fetched: Fetched[] = [];
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: SERVER_PORT,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
        answer.pipe(response);
        answer.on('end', () =>
          fetched.push({ path: request.url ?? '', status: answer.statusCode ?? 0, bytes, at: Date.now() }),
        );
      },
    );
    request.pipe(upstream);
    upstream.on('error', () => response.destroy());
  });
  server.listen(PROXY_PORT, '127.0.0.1');
  return {
    take: () => {
      const taken = fetched;
      fetched = [];
      return taken;
    },
    close: () => server.close(),
  };
}

function diskSizes(urlPath: string) {
  const file = path.join(WEB_ROOT, urlPath);
  if (!file.startsWith(WEB_ROOT) || !fs.existsSync(file)) return { gzip: 0, brotli: 0 };
  const content = fs.readFileSync(file);
  return {
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content).length,
  };
}

const target = await sqliteTarget();
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
};
const { server, cookie } = await seededServer(target, SERVER_PORT, sizes);
const proxy = countingProxy();
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const loadBefore = os.loadavg();
try {
  const [name, value] = cookie.split('=') as [string, string];

  const firstRow: number[] = [];
  const worklistAsks: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: BASE }]);
    // The first frame drawn with a row in it, timed from navigation start.
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="work-row"]')) return;
        observer.disconnect();
        requestAnimationFrame(
          () => ((window as unknown as { firstRow: number }).firstRow = performance.now()),
        );
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    proxy.take();
    await page.goto(`${BASE}/app/work`);
    await page.waitForFunction(() => (window as unknown as { firstRow?: number }).firstRow !== undefined);
    firstRow.push(await page.evaluate(() => (window as unknown as { firstRow: number }).firstRow));
    await page.waitForTimeout(2000);
    worklistAsks.push(
      proxy.take().filter((f) => f.path.startsWith('/api/work?') || f.path === '/api/work').length,
    );
    await context.close();
  }
  firstRow.sort((a, b) => a - b);

  // A first visit to the sign-in screen, signed out: what runs before the form, and what comes after.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  proxy.take();
  const started = Date.now();
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Войти' }).waitFor();
  const formAt = Date.now();
  let quietSince = Date.now();
  let seen = 0;
  const visit: Fetched[] = [];
  while (Date.now() - quietSince < 5000) {
    await page.waitForTimeout(250);
    visit.push(...proxy.take());
    if (visit.length !== seen) {
      seen = visit.length;
      quietSince = Date.now();
    }
  }
  const swReady = await page.evaluate(async () =>
    Boolean((await navigator.serviceWorker.getRegistration())?.active),
  );
  await context.close();
  const downloads = visit.filter((f) => f.status === 200);
  const loginScripts = [
    ...new Set(downloads.filter((f) => f.at <= formAt && f.path.endsWith('.js')).map((f) => f.path)),
  ];
  const loginSizes = loginScripts.map(diskSizes);
  const twice = Object.entries(
    downloads.reduce<Record<string, number>>((n, f) => ({ ...n, [f.path]: (n[f.path] ?? 0) + 1 }), {}),
  ).filter(([, times]) => times > 1);
  const maps = downloads.filter((f) => f.path.endsWith('.map'));
  const mapStatus = await fetch(
    `${BASE}/assets/${fs.readdirSync(path.join(WEB_ROOT, 'assets')).find((f) => f.endsWith('.js.map'))}`,
  ).then((r) => r.status);

  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}, Chromium ${browser.version()} (headless), load average ${loadBefore[0]!.toFixed(2)} before, ` +
      `${os.loadavg()[0]!.toFixed(2)} after; SQLite, ${sizes.tickets.toLocaleString('en')} tickets, ${sizes.tasks.toLocaleString('en')} tasks, ` +
      `${sizes.clients.toLocaleString('en')} clients; server and browser on loopback (no throttling), through a counting proxy.`,
    '',
    `- **Cold first row** (${RUNS} fresh browser contexts, signed in, \`/app/work\`; navigation start to the first frame with a row): ` +
      `median **${percentile(firstRow, 50).toFixed(0)} ms**, fastest ${firstRow[0]!.toFixed(0)} ms, worst ${firstRow.at(-1)!.toFixed(0)} ms — target ≤ 1000 ms. ` +
      `Worklist pages asked for per load: ${[...new Set(worklistAsks)].join(' or ')}.`,
    `- **Login screen JavaScript** (first visit, signed out; ${loginScripts.length} scripts before the form showed at ${formAt - started} ms): ` +
      `**${kb(loginSizes.reduce((s, f) => s + f.gzip, 0))} gzip -9**, ${kb(loginSizes.reduce((s, f) => s + f.brotli, 0))} brotli — target ≤ 170 KB gzip.`,
    `- **Whole first visit** to /login until 5 s without a request (service worker ${swReady ? 'installed' : 'not installed'}, other screens fetched): ` +
      `${downloads.length} downloads, ${kb(downloads.reduce((s, f) => s + f.bytes, 0))} as sent; downloaded twice: ` +
      `${twice.length === 0 ? '**none**' : twice.map(([p, n]) => `\`${p}\` ×${n}`).join(', ')}.`,
    `- Source maps: ${maps.length} fetched by the app; asking for one directly answers ${mapStatus}.`,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (values.out) writeSection(values.out, 'bench:cold', report);
} finally {
  await browser.close();
  proxy.close();
  server.kill();
  await target.cleanup();
}
