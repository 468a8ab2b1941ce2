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
import { hostSpeedMs, percentile, topOfProfile, writeSection, type CpuProfile } from './lib/bench-kit';
import { sqliteTarget } from './lib/bench-targets';
import { seededServer } from './lib/seeded-server';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '11' },
    // The page's main thread under V8's profiler during the last load (slower): where its time goes.
    profile: { type: 'boolean', default: false },
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
    // A closed tab's event stream must end upstream too, or the server never finishes.
    response.on('close', () => upstream.destroy());
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
const hostSpeed = hostSpeedMs();
try {
  const [name, value] = cookie.split('=') as [string, string];

  const firstRow: number[] = [];
  const worklistAsks: number[] = [];
  const phases: Record<string, number[]> = {};
  let profile: CpuProfile | undefined;
  // With --profile, one load more under the profiler, left out of the figures.
  for (let i = 0; i < RUNS + (values.profile ? 1 : 0); i += 1) {
    // A browser started for this load alone: nothing compiled or cached from the one before.
    const coldBrowser = await chromium.launch(CHROMIUM_LAUNCH);
    const context = await coldBrowser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: BASE }]);
    // The first frame drawn with a row in it, timed from navigation start. A string: tsx would
    // add helpers to a function that the page does not have.
    await context.addInitScript(`
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="work-row"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => (window.firstRow = performance.now()));
      });
      observer.observe(document, { childList: true, subtree: true });
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
    `);
    const page = await context.newPage();
    // A person does not type the address the instant the browser starts: its own start-up
    // work (about a second of both cores here) is not the app's.
    await page.waitForTimeout(3000);
    const profiling = i === RUNS ? await context.newCDPSession(page) : null;
    if (profiling) {
      await profiling.send('Profiler.enable');
      await profiling.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiling.send('Profiler.start');
    }
    proxy.take();
    await page.goto(`${BASE}/app/work`);
    await page.waitForFunction(() => (window as unknown as { firstRow?: number }).firstRow !== undefined);
    const shownAt = (await page.evaluate('window.firstRow')) as number;
    if (profiling) profile = ((await profiling.send('Profiler.stop')) as { profile: CpuProfile }).profile;
    // Where the time went: when the page's own script, the session and the worklist arrived.
    const timings = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      const first = (test) => resources.find((r) => test(r.name));
      const entry = first((n) => n.includes('/assets/index-') && n.endsWith('.js'));
      return {
        'HTML received': nav.responseEnd,
        'main script received': entry ? entry.responseEnd : NaN,
        'DOMContentLoaded': nav.domContentLoadedEventEnd,
        '/api/me received': (first((n) => n.includes('/api/me')) || {}).responseEnd,
        '/api/work received': (first((n) => n.includes('/api/work') && !n.includes('/api/work/')) || {}).responseEnd,
        'longest task before it': Math.max(0, ...window.longTasks.filter((t) => t.startTime < window.firstRow).map((t) => t.duration)),
        'scripts before the row': resources.filter((r) => r.name.endsWith('.js') && r.startTime < window.firstRow).length,
      };
    })()`)) as Record<string, number>;
    if (!profiling) {
      firstRow.push(shownAt);
      for (const [phase, at] of Object.entries(timings)) (phases[phase] ??= []).push(at);
    }
    await page.waitForTimeout(2000);
    worklistAsks.push(
      proxy.take().filter((f) => f.path.startsWith('/api/work?') || f.path === '/api/work').length,
    );
    await context.close();
    await coldBrowser.close();
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
  // The scripts the form needed: fetched before it showed, and not by the background preload of
  // the screens signing in leads to (main.tsx marks when that starts).
  const loginScripts = (await page.evaluate(`(() => {
    const preload = performance.getEntriesByName('other-screens')[0];
    return performance.getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js') && (!preload || r.startTime < preload.startTime))
      .map((r) => new URL(r.name).pathname);
  })()`)) as string[];
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
      `${sizes.clients.toLocaleString('en')} clients; server and browser on loopback (no throttling), through a counting proxy. ` +
      `Host speed reference (scripts/lib/bench-kit.ts hostSpeedMs, a fixed JavaScript workload in Node): ${hostSpeed.toFixed(0)} ms.`,
    '',
    `- **Cold first row** (${RUNS} loads, each in a newly started browser, signed in, \`/app/work\`; navigation start to the first frame with a row): ` +
      `median **${percentile(firstRow, 50).toFixed(0)} ms**, worst **${firstRow.at(-1)!.toFixed(0)} ms** — targets: median ≤ 1000 ms, worst ≤ 1500 ms (issue 47). ` +
      `Worklist pages asked for per load: ${[...new Set(worklistAsks)].join(' or ')}. Medians on the way: ` +
      Object.entries(phases)
        .map(
          ([phase, at]) =>
            `${phase} ${percentile(
              [...at].sort((a, b) => a - b),
              50,
            ).toFixed(0)}${phase.startsWith('scripts') ? '' : ' ms'}`,
        )
        .join(', ') +
      '.',
    `- **Login screen JavaScript** (first visit, signed out; ${loginScripts.length} scripts before the form showed at ${formAt - started} ms): ` +
      `**${kb(loginSizes.reduce((s, f) => s + f.gzip, 0))} gzip -9**, ${kb(loginSizes.reduce((s, f) => s + f.brotli, 0))} brotli — target ≤ 170 KB gzip.`,
    `- **Whole first visit** to /login until 5 s without a request (service worker ${swReady ? 'installed' : 'not installed'}, other screens fetched): ` +
      `${downloads.length} downloads, ${kb(downloads.reduce((s, f) => s + f.bytes, 0))} as sent; downloaded twice: ` +
      `${twice.length === 0 ? '**none**' : twice.map(([p, n]) => `\`${p}\` ×${n}`).join(', ')}.`,
    `- Source maps: ${maps.length} fetched by the app; asking for one directly answers ${mapStatus}.`,
    ...(profile
      ? [
          '',
          'One more load under the profiler (slower, not in the figures above), page main thread until the first row, by file:',
          '',
          '| Share | File |',
          '|---|---|',
          ...topOfProfile(profile, 10, 'file'),
          '',
          'by function:',
          '',
          '| Share | Function |',
          '|---|---|',
          ...topOfProfile(profile, 25),
        ]
      : []),
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (values.out) writeSection(values.out, 'bench:cold', report);
} finally {
  await browser.close();
  proxy.close();
  server.kill();
  await target.cleanup();
}
