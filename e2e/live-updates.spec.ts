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
