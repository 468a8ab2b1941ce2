import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('the back link and «Отмена» return where the person came from; opened directly, to the list', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Навигаторова Нина');
  await loginViaUi(page, account);
  const token = `назад${Date.now()}`;
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: `Клиент ${token}` } },
    })
  ).json();

  // From the filtered worklist into the ticket and back: the worklist, filter kept.
  await page.getByLabel('Поиск').fill(token);
  await expect(page.getByTestId('work-row')).toHaveCount(1);
  await page.getByTestId('work-row').click();
  await expect(page).toHaveURL(new RegExp(`/app/tickets/${ticket.id}$`));
  await page.getByRole('link', { name: '← Назад' }).click();
  await expect(page).toHaveURL(/\/app\/work\?q=/);
  await expect(page.getByTestId('work-row')).toHaveCount(1);

  // «Отмена» on a new task opened from the worklist goes back there too.
  await page.getByRole('link', { name: 'Задача' }).first().click();
  await page.getByRole('link', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(/\/app\/work/);

  // Opened directly (a link, a notification): the way back is the list.
  await page.goto(`/app/tickets/${ticket.id}`);
  await page.getByRole('link', { name: '← Заявки' }).click();
  await expect(page).toHaveURL(/\/app\/tickets$/);
  await expect(page.getByRole('heading', { name: 'Все заявки' })).toBeVisible();
});
