import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 18: the shop's requisites («Настройки»), for receipts and acts.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('an admin fills in the requisites; a wrong ИНН is refused; they stay after a reload', async ({
  page,
}) => {
  await loginViaUi(page, ADMIN);
  // The menu's link: on a new shop «Осталось настроить» links to «Настройки» too.
  await page.getByRole('navigation').getByRole('link', { name: 'Настройки' }).click();
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await page.getByLabel('Название').fill('Сервис «Гарантия Плюс»');
  await page.getByLabel('Юридическое лицо').fill('ИП Иванов Иван Иванович');
  await page.getByLabel('ИНН').fill('12345');
  await page.getByLabel('Адрес').fill('Москва, ул. Ленина, 1');
  await page
    .getByLabel('Условия под квитанцией')
    .fill('Устройство хранится 30 дней.\nДиагностика бесплатна.');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('ИНН: 10 или 12 цифр')).toBeVisible();
  await page.getByLabel('ИНН').fill('771234567890');
  await expect(page.getByText('ИНН: 10 или 12 цифр')).toHaveCount(0);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Сохранено')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Название')).toHaveValue('Сервис «Гарантия Плюс»');
  await expect(page.getByLabel('ИНН')).toHaveValue('771234567890');
  await expect(page.getByLabel('Условия под квитанцией')).toHaveValue(
    'Устройство хранится 30 дней.\nДиагностика бесплатна.',
  );
  await expect(page.getByText(/^Эти данные печатаются.*Изменено .* · Админова Анна/)).toBeVisible();
});

test('an admin uploads a logo: it shows in Настройки and on the printed receipt, and can be removed', async ({
  page,
}) => {
  await loginViaUi(page, ADMIN);
  await page.goto('/app/settings');
  await expect(page.getByText('Логотип не загружен')).toBeVisible();
  const logo = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Загрузить логотип' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Логотип сохранён')).toBeVisible();
  const shown = page.getByRole('img', { name: 'Логотип' });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);

  // The receipt prints it at the top.
  const created = await page.request.post('/api/tickets', {
    headers: { 'x-requested-with': 'fetch' },
    data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Логотипов Леонид' } },
  });
  const { ticket } = (await created.json()) as { ticket: { id: number } };
  await page.goto(`/app/tickets/${ticket.id}/print/receipt`);
  const printed = page.getByRole('article').getByRole('img', { name: 'Логотип' });
  await expect.poll(() => printed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);

  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Удалить логотип' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Логотип не загружен')).toBeVisible();
  await page.goto(`/app/tickets/${ticket.id}/print/receipt`);
  await expect(page.getByRole('article').getByRole('heading', { name: 'Приёмная квитанция' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Логотип' })).toHaveCount(0);
});

test('an employee has no «Настройки»', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Настроев Никита');
  await loginViaUi(page, account);
  await expect(page.getByRole('link', { name: 'Настройки' })).toHaveCount(0);
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
});
