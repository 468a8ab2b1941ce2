import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 17: loading shows the shape of what comes; a failure keeps the header and offers a retry.
// The service worker is off here so that page.route sees every request.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Holds matching requests until `release()` is called. */
async function hold(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test('lists and cards show skeletons while loading, under the header', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Скелетов Савва');
  await loginViaUi(page, account);
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Ждущий Жорж' } },
    })
  ).json();

  const list = await hold(page, /\/api\/work\?/);
  await page.goto('/app/work');
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Клиенты' })).toBeVisible();
  // The spec's «Загрузка...» is still there for a screen reader.
  await expect(page.getByTestId('list-skeleton').getByRole('status')).toHaveText('Загрузка...');
  list.release();
  await expect(page.getByTestId('work-row').first()).toBeVisible();
  await expect(page.getByTestId('list-skeleton')).toHaveCount(0);

  const card = await hold(page, new RegExp(`/api/tickets/${ticket.id}$`));
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByTestId('detail-skeleton')).toBeVisible();
  card.release();
  await expect(page.getByRole('heading', { name: `#${ticket.id} · Замена SSD` })).toBeVisible();
  await expect(page.getByTestId('detail-skeleton')).toHaveCount(0);
});

test('a list that fails to load says so and retries in place', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Повторов Павел');
  await loginViaUi(page, account);
  await page.request.post('/api/tasks', { data: { title: 'Повторить попытку' } });
  let failing = true;
  await page.route(/\/api\/tasks\?/, async (route) => {
    if (failing) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'unavailable', message: 'Сервер перегружен, попробуйте ещё раз' },
        }),
      });
    } else await route.continue();
  });
  await page.goto('/app/tasks');
  // After the client's own retries (a few seconds) the server's message, and the header still there.
  await expect(page.getByText('Сервер перегружен, попробуйте ещё раз')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Клиенты' })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText('Повторить попытку')).toBeVisible();
});

test('a screen whose code fails to load keeps the header, with a retry', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Обрывов Олег');
  await loginViaUi(page, account);
  await page.route(/\/assets\/TicketsPage-[^/]*\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/app/tickets');
  await expect(page.getByText('Не удалось показать эту страницу')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Клиенты' })).toBeVisible();
  await page.unroute(/\/assets\/TicketsPage-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { name: 'Все заявки' })).toBeVisible();
});

test('dialogs survive their code failing to arrive once, and two quick taps open one dialog', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Диалогов Дмитрий');
  await loginViaUi(page, account);
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'Двойной тап' } })).json();

  // The dialogs' chunk is lost the first time (a dropped connection): the page stays up and
  // retries; then a confirmation opens as usual.
  let dropped = 0;
  await page.route(/\/assets\/overlays-[^/]*\.js$/, async (route) => {
    if (dropped++ === 0) await route.abort('connectionreset');
    else await route.continue();
  });
  await page.goto(`/app/tasks/${task.id}`);
  const remove = page.getByRole('button', { name: 'Удалить задачу' });
  await expect(remove).toBeVisible();
  await remove.click();
  await remove.click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(dropped).toBeGreaterThanOrEqual(2);
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Задача ${task.id}` })).toBeVisible();
});

test('a new task whose card takes a moment to open: the sent form is read-only meanwhile, and typing goes into the card', async ({
  page,
  request,
}) => {
  // The card's code held back, as on a slow phone: the form stays on screen after «Создать задачу».
  const card = await hold(page, /\/assets\/TaskPage-[^/]*\.js$/);
  await loginViaUi(page, await registerViaApi(request, 'Медленнов Матвей'));
  await page.getByRole('link', { name: 'Задача', exact: true }).click();
  await page.getByLabel('Название').fill('Звонок');
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/\d+$/);
  // Still the form: nothing typed into it now could go anywhere, so it takes nothing.
  await expect(page.getByRole('heading', { name: 'Новая задача' })).toBeVisible();
  await expect(page.getByLabel('Описание')).toBeDisabled();
  card.release();
  await page.getByLabel('Описание').click();
  await page.keyboard.type('Позвонить поставщику', { delay: 40 });
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('Описание')).toHaveValue('Позвонить поставщику');
});
