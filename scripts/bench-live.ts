// `npm run bench:live`: one edit reaching many open tabs (issue 22). Seeds a real-size database
// (SQLite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), runs the real
// server, and opens N tabs (N = 1,000 and 10,000) from this process: each tab is an event
// stream plus the browser's own cache code (src/web/lib/live-events.ts on a QueryClient) holding
// the worklist's first page and its counts, asking the server again exactly when that code says
// so. A few real Chromium tabs run the app beside them. Edits are made through the API; for
// each, the time from sending it until every stream has the event, until every tab's data is
// up to date (its patch applied or its refetch answered), and until the changed text is on the
// screen of the Chromium tabs. "Before" runs the tabs as the app did before issue 22 (every
// change refetched the open lists). Prints Markdown.
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page as BrowserPage } from '@playwright/test';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '../src/domain/page';
import type { ChangeEvent } from '../src/domain/live-events';
import type { WorkItemDto } from '../src/domain/worklist-query';
import { applyChangeEvent } from '../src/web/lib/live-events';
import { queryKeys } from '../src/web/lib/query-keys';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { cpuSeconds, memoryMb, percentile, writeSection } from './lib/bench-kit';
import { benchTargets, type BenchTarget } from './lib/bench-targets';
import { seededServer } from './lib/seeded-server';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    tasks: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    streams: { type: 'string', default: '1000,10000' },
    // The tab counts at which the tabs are also run the old way (every change refetched).
    before: { type: 'string', default: '1000' },
    changes: { type: 'string', default: '20' },
    browsers: { type: 'string', default: '3' },
    // The share of the tabs on «Сводка» (taken from the worklist's first page's 70 %).
    dashboards: { type: 'string', default: '0' },
    out: { type: 'string' },
  },
});
const SIZES = values.streams.split(',').map(Number);
const BEFORE = new Set(values.before.split(',').filter(Boolean).map(Number));
const CHANGES = Number(values.changes);
const BROWSERS = Number(values.browsers);
const log = (line: string) => process.stderr.write(`${line}\n`);

const DASHBOARDS = Number(values.dashboards);

/**
 * What the tabs have open: most the worklist's first page, some lists the edits never touch
 * (Закрытые, a task search, the ticket list's newest first), with `--dashboards` some «Сводка»,
 * which asks the server again after every change of a ticket.
 */
const VIEWS: { share: number; screen: 'work' | 'tickets' | 'dashboard'; params: Record<string, string> }[] = [
  { share: 0.7 - DASHBOARDS, screen: 'work', params: {} },
  { share: 0.1, screen: 'work', params: { states: 'closed' } },
  { share: 0.1, screen: 'work', params: { type: 'tasks', q: 'забрать' } },
  { share: 0.1, screen: 'tickets', params: { q: '', status: '' } },
  ...(DASHBOARDS > 0 ? [{ share: DASHBOARDS, screen: 'dashboard' as const, params: {} }] : []),
];
type View = (typeof VIEWS)[number] & { page: Page<{ id: number }>; counts: object | null };
const VIEWS_TEXT =
  `${Math.round((0.7 - DASHBOARDS) * 100)} % on the worklist's first page, 10 % on Закрытые, 10 % on a task search no edit ` +
  `touches, 10 % on the ticket list's newest first page${DASHBOARDS > 0 ? `, ${Math.round(DASHBOARDS * 100)} % on «Сводка»` : ''}`;
const countParams = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).filter(([name]) => name !== 'states'));

interface Tab {
  client: QueryClient;
  stream: http.ClientRequest;
  /** When this tab heard the current edit's event, and when its data was up to date after it. */
  heardAt: number;
  doneAt: number;
  /** Which edit the tab is waiting for (a late answer to an earlier one does not count). */
  edit: number;
  requests: number;
}

/** Requests the tabs make when their code asks the server again (browsers' own connections). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

function getJson<T>(base: string, url: string, cookie: string): Promise<T> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { cookie }, agent, timeout: 60_000 }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve(JSON.parse(body) as T);
        });
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`${url}: no answer in 60 s`));
      })
      .on('error', reject);
  });
}

/** Fetches what the tab's code marked stale, as the browser refetches its open queries. */
async function refetchStale(tab: Tab, base: string, cookie: string): Promise<boolean> {
  const stale = tab.client
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.isInvalidated);
  await Promise.all(
    stale.map(async (query) => {
      const [screen, part, params] = query.queryKey as [string, string, Record<string, string>];
      tab.requests += 1;
      const search = new URLSearchParams(params);
      if (screen === 'work' && part === 'dashboard') {
        const { dashboard } = await getJson<{ dashboard: object }>(base, '/api/dashboard', cookie);
        tab.client.setQueryData(query.queryKey, dashboard);
      } else if (screen === 'tickets') {
        const page = await getJson<Page<{ id: number }>>(base, `/api/tickets?${search}`, cookie);
        tab.client.setQueryData(query.queryKey, { pages: [page], pageParams: [null] });
      } else if (part === 'counts') {
        const { counts } = await getJson<{ counts: object }>(base, `/api/work/counts?${search}`, cookie);
        tab.client.setQueryData(query.queryKey, counts);
      } else {
        const page = await getJson<Page<WorkItemDto>>(base, `/api/work?${search}`, cookie);
        tab.client.setQueryData(query.queryKey, { pages: [page], pageParams: [null] });
      }
    }),
  );
  return stale.length > 0;
}

function openTab(base: string, cookie: string, view: View, mode: 'patch' | 'before'): Promise<Tab> {
  const client = new QueryClient();
  const data: InfiniteData<Page<{ id: number }>, string | null> = { pages: [view.page], pageParams: [null] };
  // Loaded a while ago: the counts' guard against an answer overtaking its event does not apply.
  const updatedAt = Date.now() - 60_000;
  if (view.screen === 'tickets')
    client.setQueryData(queryKeys.tickets.list(view.params), data, { updatedAt });
  else if (view.screen === 'dashboard')
    client.setQueryData(queryKeys.work.dashboard, view.counts, { updatedAt });
  else {
    client.setQueryData(queryKeys.work.list(view.params), data, { updatedAt });
    client.setQueryData(queryKeys.work.counts(countParams(view.params)), view.counts, { updatedAt });
  }
  return new Promise((resolve, reject) => {
    const tab = { client, heardAt: 0, doneAt: 0, requests: 0, edit: 0 } as Tab;
    tab.stream = http.get(`${base}/api/events`, { headers: { cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: connect$/m.test(block)) resolve(tab);
          if (!/^event: change$/m.test(block)) continue;
          // Heard now. Every tab here shares one thread, where a real tab has its own: the work
          // is done after this turn's other streams are read, and a tab's own time is its heard
          // time plus its own work, not the queue of the other tabs before it.
          const heardAt = performance.now();
          const edit = tab.edit;
          tab.heardAt = heardAt;
          setImmediate(() => {
            const event = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as ChangeEvent;
            // The old client knew nothing of how an item moved: every change refetched the lists.
            if (mode === 'before') delete event.work;
            const started = performance.now();
            applyChangeEvent(client, event, Date.now());
            const ownWork = performance.now() - started;
            void refetchStale(tab, base, cookie).then(
              (asked) => {
                if (tab.edit !== edit) return;
                tab.doneAt = asked ? performance.now() : heardAt + ownWork;
              },
              (error: unknown) => log(`refetch failed: ${String(error)}`),
            );
          });
        }
      });
    });
    tab.stream.on('error', reject);
  });
}

/** Real tabs of the app: each resolves with the time the given text appears on its screen. */
async function openBrowserTabs(base: string, cookie: string) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const [name, value] = cookie.split('=') as [string, string];
  const pages: BrowserPage[] = [];
  for (let i = 0; i < BROWSERS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(base);
    await page.locator('[data-testid="work-row"]').first().waitFor({ timeout: 60_000 });
    pages.push(page);
  }
  return {
    /** Starts watching every tab for `text`; the promise gives each tab's epoch time of seeing it. */
    watch: (text: string) =>
      Promise.all(
        pages.map((page) => {
          // As text: the script runner's helpers do not exist in the page.
          const seen = page.evaluate(`new Promise((resolve) => {
            const wanted = ${JSON.stringify(text)};
            const observer = new MutationObserver(() => {
              if (!document.body.textContent.includes(wanted)) return;
              observer.disconnect();
              resolve(Date.now());
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          })`) as Promise<number>;
          // A tab that never shows it counts as not seen, not as a stuck run.
          const never = new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 30_000));
          return Promise.race([seen, never]);
        }),
      ),
    close: () => browser.close(),
  };
}

interface Run {
  streams: number;
  mode: 'patch' | 'before';
  event: number[];
  screen: number[];
  browser: number[];
  requestsPerEdit: number;
  cpuMsPerEdit: number;
  rss: number;
}

async function measure(
  base: string,
  cookie: string,
  pid: number,
  size: number,
  mode: 'patch' | 'before',
  views: View[],
  ticketIds: number[],
): Promise<Run> {
  log(`  ${size} tabs (${mode}): opening…`);
  const tabs: Tab[] = [];
  for (const [v, view] of views.entries()) {
    const count = Math.round(size * VIEWS[v]!.share);
    for (let i = 0; i < count; i += 1) tabs.push(await openTab(base, cookie, view, mode));
  }
  const browsers = BROWSERS > 0 ? await openBrowserTabs(base, cookie) : null;
  const event: number[] = [];
  const screen: number[] = [];
  const browser: number[] = [];
  let requests = 0;
  const cpuBefore = cpuSeconds(pid);
  // The old way costs seconds of server time per edit: fewer edits.
  const edits = mode === 'before' ? Math.min(CHANGES, 4) : CHANGES;
  for (let k = 0; k < edits; k += 1) {
    for (const tab of tabs) {
      tab.heardAt = 0;
      tab.doneAt = 0;
      tab.requests = 0;
      tab.edit = k + 1;
    }
    const id = ticketIds[k % ticketIds.length]!;
    const device = `Модель ${mode}-${size}-${k}`;
    const seenOnScreen = browsers?.watch(device);
    // Awaited below; until then a failure must not end the process with the server left running.
    seenOnScreen?.catch(() => undefined);
    const version = (await getJson<{ ticket: { version: number } }>(base, `/api/tickets/${id}`, cookie))
      .ticket.version;
    const sentAt = performance.now();
    const sentEpoch = Date.now();
    const response = await fetch(`${base}/api/tickets/${id}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ device, version }),
    });
    if (!response.ok) throw new Error(`edit failed: ${response.status} ${await response.text()}`);
    // Every tab heard it and is up to date (or 30 s passed: then the stragglers count as 30 s).
    const deadline = performance.now() + 30_000;
    while (tabs.some((tab) => tab.doneAt === 0) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const tab of tabs) {
      event.push((tab.heardAt || deadline) - sentAt);
      screen.push((tab.doneAt || deadline) - sentAt);
      requests += tab.requests;
    }
    if (seenOnScreen)
      for (const at of await seenOnScreen) browser.push(Number.isNaN(at) ? 30_000 : at - sentEpoch);
    log(
      `    edit ${k + 1}/${edits}: every tab up to date after ${(Math.max(...tabs.map((t) => t.doneAt || deadline)) - sentAt).toFixed(0)} ms`,
    );
  }
  const cpuMsPerEdit = ((cpuSeconds(pid) - cpuBefore) * 1000) / edits;
  const rss = memoryMb(pid).rss;
  await browsers?.close();
  for (const tab of tabs) tab.stream.destroy();
  for (const list of [event, screen, browser]) list.sort((a, b) => a - b);
  return {
    streams: size,
    mode,
    event,
    screen,
    browser,
    requestsPerEdit: requests / edits,
    cpuMsPerEdit,
    rss,
  };
}

async function benchTarget(target: BenchTarget, port: number) {
  const sizes = {
    tickets: Number(values.tickets),
    tasks: Number(values.tasks),
    clients: Number(values.clients),
  };
  const { server, base, cookie } = await seededServer(target, port, sizes);
  const runs: Run[] = [];
  try {
    const views: View[] = await Promise.all(
      VIEWS.map(async (view) => {
        const search = new URLSearchParams(view.params);
        if (view.screen === 'dashboard') {
          const { dashboard } = await getJson<{ dashboard: object }>(base, '/api/dashboard', cookie);
          // The figures stand in the view's `counts`: the page is not shown.
          return { ...view, page: { items: [], nextCursor: null }, counts: dashboard };
        }
        if (view.screen === 'tickets') {
          return {
            ...view,
            page: await getJson<Page<{ id: number }>>(base, `/api/tickets?${search}`, cookie),
            counts: null,
          };
        }
        const counts = await getJson<{ counts: object }>(
          base,
          `/api/work/counts?${new URLSearchParams(countParams(view.params))}`,
          cookie,
        );
        return {
          ...view,
          page: await getJson<Page<WorkItemDto>>(base, `/api/work?${search}`, cookie),
          counts: counts.counts,
        };
      }),
    );
    // Tickets on the first page: the row every worklist tab shows changes.
    const ticketIds = (views[0]!.page as Page<WorkItemDto>).items
      .filter((item) => item.kind === 'ticket')
      .map((item) => item.id);
    for (const size of SIZES) {
      if (BEFORE.has(size))
        runs.push(await measure(base, cookie, server.pid!, size, 'before', views, ticketIds));
      runs.push(await measure(base, cookie, server.pid!, size, 'patch', views, ticketIds));
    }
  } finally {
    server.kill();
    await target.cleanup();
  }
  return runs;
}

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`;
const { targets } = await benchTargets();
const lines = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average before the run ${os.loadavg()[0]!.toFixed(2)}; ` +
    `${Number(values.tickets).toLocaleString('en')} tickets, ${Number(values.tasks).toLocaleString('en')} tasks, ` +
    `${Number(values.clients).toLocaleString('en')} clients. One server process; every simulated tab in one client process ` +
    `(${VIEWS_TEXT}), ${BROWSERS} real Chromium tabs ` +
    `on the worklist beside them; ${CHANGES} edits of a ticket on the first page (its device, shown in the row), each after every tab ` +
    'was up to date after the previous. Times run from sending the edit. "Tab up to date": its list and counts patched, or ' +
    're-fetched when its code asked; over every tab, including those the edit does not touch. "Before": the tabs as the app ran ' +
    'before issue 22 (every change refetched the open lists and counts).',
  '',
  '| Database | Tabs | Client | Event at stream p50 / p95 | Tab up to date p50 / p95 | Chromium tab shows it p50 / p95 | Requests per edit | Server CPU per edit | Server RSS |',
  '|---|---|---|---|---|---|---|---|---|',
];
const only = process.env.BENCH_ONLY;
for (const [t, target] of targets.entries()) {
  if (only && target.name !== only) {
    await target.cleanup();
    continue;
  }
  for (const r of await benchTarget(target, 3260 + t)) {
    lines.push(
      `| ${target.name} | ${r.streams.toLocaleString('en')} | ${r.mode === 'before' ? 'before' : 'now'} | ` +
        `${ms(percentile(r.event, 50))} / ${ms(percentile(r.event, 95))} | ` +
        `${ms(percentile(r.screen, 50))} / ${ms(percentile(r.screen, 95))} | ` +
        `${ms(percentile(r.browser, 50))} / ${ms(percentile(r.browser, 95))} | ` +
        `${r.requestsPerEdit.toFixed(0)} | ${r.cpuMsPerEdit.toFixed(0)} ms | ${r.rss.toFixed(0)} MB |`,
    );
    log(lines.at(-1)!);
  }
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:live', report);
