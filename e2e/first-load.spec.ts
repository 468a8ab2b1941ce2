import { expect, test } from '@playwright/test';
import { ensureAdmin, registerViaApi } from './fixtures';

// Issue 17 (docs/decisions/013): the page for /app/work names the code its first screen needs,
// so a slow line carries it at once; the login page stays lean; nothing is asked for twice.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('the worklist page preloads its code; every named file exists; the login page none', async ({
  request,
}) => {
  const work = await (await request.get('/app/work')).text();
  const modules = [...work.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
  expect(modules.some((file) => /\/assets\/WorkPage-/.test(file))).toBe(true);
  expect(modules.some((file) => /\/assets\/AppLayout-/.test(file))).toBe(true);
  for (const file of modules) expect((await request.get(file)).status(), file).toBe(200);

  const login = await (await request.get('/login')).text();
  for (const chunk of ['WorkPage-', 'AppLayout-', 'first-screens-']) expect(login).not.toContain(chunk);
});

test('the session and the list are asked for once each: not again when the live stream opens', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Предзагрузкин Пётр');
  // Signed in without opening a page first: the worklist below is this tab's first load.
  await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  await page.request.post('/api/tasks', { data: { title: 'Проверить предзагрузку' } });

  // What reaches the network (Chromium's own record): the list asked for as the app starts is
  // fresh when the worklist mounts, and nothing changed before the live stream opened, so
  // neither is asked for again (issue 22: every cold load used to ask for the list twice). That
  // a change made meanwhile is still read: live-updates.spec.ts, «…not yet open still shows».
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const asked: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/me' || url.pathname === '/api/work') asked.push(url.pathname);
  });
  // The stream is held back until the first row shows, so it opens after every answer.
  let openStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
  await page.route('**/api/events', async (route) => {
    await streamHeld;
    await route.continue();
  });
  await page.goto('/app/work');
  await expect(page.getByTestId('work-row').first()).toBeVisible();
  const streamOpened = page.waitForResponse('**/api/events');
  openStream();
  await streamOpened;
  await page.waitForTimeout(1500);
  expect(asked.sort()).toEqual(['/api/me', '/api/work']);
});
