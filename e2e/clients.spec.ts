import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('create a client, find by phone fragment, autosave edits, WhatsApp link, delete', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Клиентов Кирилл');
  await loginViaUi(page, account);
  const name = `Фёдоров Пётр ${Date.now()}`;

  await page.getByRole('link', { name: 'Клиенты' }).click();
  await page.getByRole('link', { name: 'Новый клиент' }).click();
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled(); // an empty name does nothing
  await page.getByLabel('ФИО').fill(name);
  await page.getByRole('textbox', { name: 'Телефон' }).fill('+7 (912) 345-67-89');
  await page.getByLabel('Гарантийный талон').fill('ГТ-77');
  await save.click();
  await expect(page).toHaveURL(/\/app\/clients\/\d+$/);
  const clientUrl = page.url();

  // Found by a fragment of the phone, however it is formatted.
  // Back where they came from: the directory.
  await page.getByRole('link', { name: '← Назад' }).click();
  await page.getByLabel('Поиск клиентов').fill('345-67');
  await expect(page).toHaveURL(/q=345-67/);
  const row = page.getByTestId('client-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/79123456789',
  );
  await page.getByLabel('Поиск клиентов').fill('89123456789');
  await expect(row).toBeVisible();
  await page.getByLabel('Поиск клиентов').fill('ФЕДОРОВ ПЕТР');
  await expect(row).toBeVisible();

  // Autosave: typing is saved about half a second later; the card's indicator says so
  // (no toast per save).
  await row.getByRole('link', { name }).click();
  await page.getByLabel('Адрес').fill('г. Пермь, ул. Ленина, 1');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('8 900 111-22-33');
  await expect(page.getByTestId('save-status')).toHaveText('Сохранение…');
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await expect(page.getByText('Клиент сохранён')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Адрес')).toHaveValue('г. Пермь, ул. Ленина, 1');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue('8 900 111-22-33');
  await expect(page.getByLabel('Гарантийный талон')).toHaveValue('ГТ-77');

  const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/79001112233');
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', /noopener/);

  // Clearing the name is not saved: the field and the indicator say why, and the
  // message goes as soon as a name is back.
  await page.getByLabel('ФИО').fill('');
  await expect(page.getByText('Введите ФИО')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Не сохранено — исправьте ошибку');
  await page.getByLabel('ФИО').fill(name);
  await expect(page.getByText('Введите ФИО')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await page.getByRole('button', { name: 'Удалить клиента' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить клиента?' });
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(clientUrl);
  await page.getByRole('button', { name: 'Удалить клиента' }).click();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  // It went to the Корзина: its page says so and offers to restore it.
  await page.goto(clientUrl);
  await expect(page.getByTestId('trash-banner')).toContainText('Клиент в корзине');
  await expect(page.getByRole('button', { name: 'Восстановить' })).toBeVisible();
});

test('the copy button copies the phone and says «Скопировано»', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await registerViaApi(request, 'Копиров Константин');
  await loginViaUi(page, account);
  const name = `Копируемый ${Date.now()}`;
  const created = await page.request.post('/api/clients', {
    data: { fullName: name, phone: '8 (343) 555-44-33' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/app/clients');
  const row = page.getByTestId('client-row').filter({ hasText: name });
  await row.getByRole('button', { name: /Копировать телефон/ }).click();
  await expect(page.getByText('Скопировано')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+7 343 555-44-33');
});

test('a client search with no match says «Ничего не найдено»', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Пустов Павел');
  await loginViaUi(page, account);
  await page.goto('/app/clients?q=никогонетстакимименем');
  await expect(page.getByRole('heading', { name: 'Ничего не найдено' })).toBeVisible();
  await expect(page.getByLabel('Поиск клиентов')).toHaveValue('никогонетстакимименем');
});
