import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 18: a device the client brought in goes from repair straight to handover, no
// delivery steps and no delivery pickers, and is still a normal row in the worklist.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function stepForwardTo(page: Page, label: string) {
  await page.getByRole('button', { name: `${label} →` }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText(label);
}

test('a walk-in ticket goes Новая → В ремонте → Готов к выдаче → Оповестить клиента → Закрыта', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Приёмщиков Прохор');
  await loginViaUi(page, account);
  const clientName = `Сампришёл Семён ${Date.now()}`;

  await page.goto('/app/tickets/new?title=' + encodeURIComponent('Замена SSD'));
  await expect(page.getByRole('radio', { name: 'Через ПВЗ' })).toBeChecked();
  await page.getByRole('radio', { name: 'Клиент принёс сам' }).check();
  await expect(page.getByText('Без шагов доставки: из ремонта сразу к выдаче')).toBeVisible();
  // A type picked after «Как принят» leaves the person's choice alone.
  await page.getByRole('radio', { name: 'Гарантийный ремонт' }).check();
  await expect(page.getByRole('radio', { name: 'Клиент принёс сам' })).toBeChecked();
  await page.getByLabel('ФИО клиента').fill(clientName);
  await page.getByTestId('device-fields').getByLabel('Устройство').fill('Системный блок');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const ticketUrl = page.url();
  await expect(page.getByRole('combobox', { name: 'Как принят' })).toHaveValue('Клиент принёс сам');

  await expect(page.getByTestId('ticket-status')).toHaveText('Новая');
  await stepForwardTo(page, 'В ремонте');
  await stepForwardTo(page, 'Готов к выдаче');
  // Nothing is shipped: no return service to pick.
  await expect(page.getByText('Служба доставки клиенту')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Озон' })).toHaveCount(0);

  // The worklist shows it with the walk-in's label, an ordinary (not yellow) row.
  await page.goto('/app/work');
  const row = page.getByTestId('work-row').filter({ hasText: clientName });
  await expect(row).toContainText('Готов к выдаче');
  await expect(row).toContainText('Системный блок');
  await row.click();
  await expect(page).toHaveURL(ticketUrl);

  await stepForwardTo(page, 'Оповестить клиента');
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  // Nothing closes without a repair summary: the dialog says so.
  await expect(closing.getByText('Заполните итог ремонта: он печатается в акте выдачи')).toBeVisible();
  await closing.getByLabel('Итог ремонта').fill('Почищен от пыли, заменена термопаста');
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  await expect(page.getByRole('button', { name: 'Открыть заново' })).toBeVisible();
  await expect(page.getByText(/закрыта \d/)).toBeVisible();

  // History names the steps as they read on this route.
  const history = page.getByTestId('history');
  await expect(history.getByText('Готов к выдаче → Оповестить клиента')).toBeVisible();
  await expect(history.getByText('В ремонте → Готов к выдаче')).toBeVisible();
});
