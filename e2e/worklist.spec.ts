import { expect, test, type APIRequestContext } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function post(request: APIRequestContext, url: string, data: object) {
  const response = await request.post(url, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('rows come in the spec’s order with highlights; Закрытые adds closed last; filters survive reload', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Списков Семён');
  await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  const token = `метка${Date.now()}`;

  const newTicket = async () =>
    (
      await post(request, '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: `Клиент ${token}` },
      })
    ).ticket;
  const atPvz = await newTicket();
  await post(request, `/api/tickets/${atPvz.id}/step`, { direction: 'forward', expectedStatus: 'new' });
  // The step raised the ticket to version 2; an edit names the version it is based on.
  await request.patch(`/api/tickets/${atPvz.id}`, { data: { deliveryProvider: 'cdek', version: 2 } });
  await post(request, `/api/tickets/${atPvz.id}/step`, {
    direction: 'forward',
    expectedStatus: 'delivery_requested',
  });
  const fresh = await newTicket();
  const call = (await post(request, '/api/tasks', { title: `Позвонить ${token}`, status: 'in_progress' }))
    .task;
  const pickup = (await post(request, '/api/tasks', { title: `Забрать плату ${token}` })).task;
  const done = (await post(request, '/api/tasks', { title: `Готово ${token}`, status: 'closed' })).task;

  await loginViaUi(page, account);
  await page.getByLabel('Поиск').fill(token);
  const rows = page.getByTestId('work-row');
  await expect(rows).toHaveCount(4);
  const hrefs = async () => rows.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(await hrefs()).toEqual([
    `/app/tickets/${atPvz.id}`,
    `/app/tasks/${pickup.id}`,
    `/app/tickets/${fresh.id}`,
    `/app/tasks/${call.id}`,
  ]);
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-highlight')))).toEqual([
    'urgent',
    'urgent',
    'none',
    'none',
  ]);
  await expect(rows.first()).toContainText('Прибыл в ПВЗ · СДЭК');

  await page.getByLabel('Закрытые').check();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toHaveAttribute('href', `/app/tasks/${done.id}`);
  await expect(rows.last()).toHaveAttribute('data-highlight', 'closed');

  await page.getByRole('radiogroup', { name: 'Тип' }).getByText('Задачи', { exact: true }).click();
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/type=tasks/);
  await expect(page).toHaveURL(/states=new%2Cin_progress%2Cclosed|states=new,in_progress,closed/);
  await page.reload();
  await expect(page.getByLabel('Поиск')).toHaveValue(token);
  await expect(page.getByLabel('Закрытые')).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Задачи' })).toBeChecked();
  await expect(rows).toHaveCount(3);

  await rows.first().click();
  await expect(page).toHaveURL(`/app/tasks/${pickup.id}`);
});

test('on a 375 px phone the create buttons sit in a fixed bottom bar and rows stay readable', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await registerViaApi(request, 'Телефонов Тимофей');
  await loginViaUi(page, account);
  const bar = page.getByTestId('bottom-bar');
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box && box.y + box.height).toBeCloseTo(740, 0);
  await expect(bar.getByRole('link', { name: 'Гарантийный ремонт', exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Задача' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await bar.getByRole('link', { name: 'Задача' }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/new$/);
});
