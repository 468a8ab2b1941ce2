import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('a ticket stepped by one user updates another user’s worklist and open ticket without reload', async ({
  browser,
  request,
}) => {
  const viewerAccount = await registerViaApi(request, 'Смотрящая Вера');
  const actorAccount = await registerViaApi(request, 'Действующий Дмитрий');
  const viewer = await (await browser.newContext()).newPage();
  const actor = await (await browser.newContext()).newPage();
  await loginViaUi(viewer, viewerAccount);
  await loginViaUi(actor, actorAccount);

  const token = `живая${Date.now()}`;
  const created = await actor.request.post('/api/tickets', {
    data: { title: 'Замена SSD', client: { mode: 'new', fullName: `Клиент ${token}` } },
  });
  const { ticket } = await created.json();

  // The viewer's worklist shows it without a reload (the create event).
  await viewer.getByLabel('Поиск').fill(token);
  const row = viewer.getByTestId('work-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Новая');

  // The actor steps it on their screen; the viewer's list follows.
  await actor.goto(`/app/tickets/${ticket.id}`);
  await actor.getByRole('button', { name: 'Доставка оформлена →' }).click();
  await expect(row).toContainText('Доставка оформлена');

  // With the ticket open on the viewer's screen too, the next step shows up there.
  await viewer.goto(`/app/tickets/${ticket.id}`);
  await expect(viewer.getByRole('button', { name: 'Прибыл в ПВЗ →' })).toBeVisible();
  await actor.getByText('СДЭК', { exact: true }).click();
  await expect(actor.getByRole('radio', { name: 'СДЭК' })).toBeChecked();
  await actor.getByRole('button', { name: 'Прибыл в ПВЗ →' }).click();
  await expect(viewer.getByText('Прибыл в ПВЗ · СДЭК')).toBeVisible();
  await expect(viewer.getByTestId('history')).toContainText('Доставка оформлена → Прибыл в ПВЗ');
});

test('someone else’s edits reach an open worklist by themselves: its row and counts change and it asks the server nothing', async ({
  browser,
  request,
}) => {
  const viewerAccount = await registerViaApi(request, 'Наблюдающая Нина');
  const actorAccount = await registerViaApi(request, 'Правящий Пётр');
  const viewer = await (await browser.newContext()).newPage();
  const actor = await (await browser.newContext()).newPage();
  await loginViaUi(viewer, viewerAccount);
  await loginViaUi(actor, actorAccount);

  const token = `патч${Date.now()}`;
  const created = await actor.request.post('/api/tickets', {
    data: { title: 'Замена SSD', client: { mode: 'new', fullName: `Клиент ${token}` } },
  });
  const { ticket } = await created.json();
  await viewer.getByLabel('Поиск').fill(token);
  const row = viewer.getByTestId('work-row');
  await expect(row).toHaveCount(1);
  await expect(viewer.getByText('Новые (1)')).toBeVisible();
  // Settled: from here on, every request the worklist makes is counted.
  await viewer.waitForTimeout(1000);
  const asked: string[] = [];
  viewer.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/work')) asked.push(r.url());
  });

  const edited = await actor.request.patch(`/api/tickets/${ticket.id}`, {
    data: { device: `Модель ${token}`, version: ticket.version },
  });
  expect(edited.ok()).toBe(true);
  await expect(row).toContainText(`Модель ${token}`);
  const stepped = await actor.request.post(`/api/tickets/${ticket.id}/step`, {
    data: { direction: 'forward', expectedStatus: 'new' },
  });
  expect(stepped.ok()).toBe(true);
  // Out of «Новые», into «В работе».
  await expect(row).toContainText('Доставка оформлена');
  await expect(viewer.getByText('В работе (1)')).toBeVisible();
  await expect(viewer.getByText('Новые (0)')).toBeVisible();
  // Into the Корзина: out of the list and out of every count.
  const trashed = await actor.request.delete(`/api/tickets/${ticket.id}`, {
    headers: { 'x-requested-with': 'fetch' },
  });
  expect(trashed.ok()).toBe(true);
  await expect(row).toHaveCount(0);
  await expect(viewer.getByText('В работе (0)')).toBeVisible();
  expect(asked).toEqual([]);
});

test('the shell says «Нет связи с сервером» while the live connection is down, and recovers', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Связной Семён');
  await loginViaUi(page, account);
  await expect(page.getByTestId('live-down')).toHaveCount(0);
  await page.route('**/api/events', (route) => route.abort());
  // After a reload the app's stream cannot connect.
  await page.reload();
  await expect(page.getByText('Нет связи с сервером')).toBeVisible({ timeout: 10_000 });
  await page.unroute('**/api/events');
  await expect(page.getByText('Нет связи с сервером')).toHaveCount(0, { timeout: 15_000 });
});

test('a change made while the stream was not yet open still shows once it opens', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await registerViaApi(request, 'Опоздавший Олег'));
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'До потока' } })).json();
  // The card loads, but its live stream is slow to open (no error, just late).
  let openStream!: () => void;
  const gate = new Promise<void>((resolve) => (openStream = resolve));
  await page.route('**/api/events', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/app/tasks/${task.id}`);
  await expect(page.getByLabel('Название')).toHaveValue('До потока');
  // Meanwhile someone renames it: no event can reach this page.
  const renamed = await page.request.patch(`/api/tasks/${task.id}`, {
    data: { title: 'Пока потока не было', version: task.version },
  });
  expect(renamed.status()).toBe(200);
  await page.waitForTimeout(500);
  await expect(page.getByLabel('Название')).toHaveValue('До потока');
  // When the stream opens, the card refetches and shows it, with no further change needed.
  openStream();
  await expect(page.getByLabel('Название')).toHaveValue('Пока потока не было', { timeout: 10_000 });
});

test('the ticket list asks the server again only for changes that reach it', async ({ browser, request }) => {
  const viewerAccount = await registerViaApi(request, 'Списочная Светлана');
  const actorAccount = await registerViaApi(request, 'Заявочный Захар');
  const viewer = await (await browser.newContext()).newPage();
  const actor = await (await browser.newContext()).newPage();
  await loginViaUi(viewer, viewerAccount);
  await loginViaUi(actor, actorAccount);

  const token = `список${Date.now()}`;
  await viewer.goto('/app/tickets');
  await viewer.getByLabel('Поиск заявок').fill(token);
  await expect(viewer.getByText('Ничего не найдено')).toBeVisible();
  // Settled: from here on, every request for the ticket list is counted.
  await viewer.waitForTimeout(1000);
  const asked: string[] = [];
  viewer.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/tickets') asked.push(r.url());
  });

  // Changes the list's search does not find: heard, and nothing asked.
  const other = await (
    await actor.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Посторонний Павел' } },
    })
  ).json();
  const edited = await actor.request.patch(`/api/tickets/${other.ticket.id}`, {
    data: { device: 'Чужой ноутбук', version: other.ticket.version },
  });
  expect(edited.ok()).toBe(true);

  // A new ticket it does find: shown, for one request.
  const mine = await (
    await actor.request.post('/api/tickets', {
      data: { title: 'Гарантийный ремонт', client: { mode: 'new', fullName: `Клиент ${token}` } },
    })
  ).json();
  const row = viewer.getByTestId('ticket-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Новая');
  expect(asked).toHaveLength(1);

  // A change of a ticket it shows: shown too.
  const stepped = await actor.request.post(`/api/tickets/${mine.ticket.id}/step`, {
    data: { direction: 'forward', expectedStatus: 'new' },
  });
  expect(stepped.ok()).toBe(true);
  await expect(row).toContainText('Доставка оформлена');
});
