import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 18: a ticket's device — typed at intake, on the card with history, found by its
// serial number in every list.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('device fields typed at intake are on the card, editable, and a serial fragment finds the ticket', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Приёмкин Пётр');
  await loginViaUi(page, account);
  const serial = `SN-${Date.now()}-QX`;

  await page.goto('/app/tickets/new?title=' + encodeURIComponent('Гарантийный ремонт'));
  await page.getByLabel('ФИО клиента').fill('Ноутбуков Никита');
  const device = page.getByTestId('device-fields');
  await device.getByLabel('Устройство').fill('Ноутбук Lenovo IdeaPad 5');
  await device.getByLabel('Серийный номер / IMEI').fill(serial);
  await device.getByLabel('№ гарантийного талона').fill('ГТ-1001');
  await device.getByLabel('Неисправность со слов клиента').fill('Не заряжается');
  await device.getByLabel('Комплектация').fill('Зарядка');
  await device.getByLabel('Внешний вид и состояние').fill('Потёртости на корпусе');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const ticketUrl = page.url();

  const card = page.getByTestId('device-fields');
  await expect(card.getByLabel('Серийный номер / IMEI')).toHaveValue(serial);
  await expect(card.getByLabel('Комплектация')).toHaveValue('Зарядка');

  // Edited on the card with a pause in the middle; saved on leaving the field, with a history row.
  const kit = card.getByLabel('Комплектация');
  await kit.click();
  await kit.press('End');
  await kit.pressSequentially(', сумка', { delay: 60 });
  await page.waitForTimeout(700);
  await kit.pressSequentially(' и мышь', { delay: 60 });
  await card.getByLabel('Устройство').click();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await expect(page.getByText('Изменена комплектация')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('device-fields').getByLabel('Комплектация')).toHaveValue(
    'Зарядка, сумка и мышь',
  );

  // A fragment of the serial, in another case, finds it in the worklist and the ticket list.
  const fragment = serial.slice(3, 12).toLowerCase();
  await page.goto('/app/work');
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(fragment);
  // Only this ticket once the search has applied.
  await expect(page.getByTestId('work-row')).toHaveCount(1);
  const row = page.getByTestId('work-row').filter({ hasText: 'Ноутбуков Никита' });
  await expect(row).toContainText('Ноутбук Lenovo IdeaPad 5');
  await row.click();
  await expect(page).toHaveURL(ticketUrl);

  await page.goto('/app/tickets');
  await page.getByRole('searchbox').first().fill(fragment.toUpperCase());
  await expect(page.getByTestId('ticket-row')).toHaveCount(1);
  const ticketRow = page.getByTestId('ticket-row').filter({ hasText: 'Ноутбуков Никита' });
  await expect(ticketRow.getByTestId('ticket-device')).toContainText(`S/N ${serial}`);
});
