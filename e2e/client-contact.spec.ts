import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 19: the client's public status page, messages from templates, tap-to-call.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('the public status page opens signed out, shows the stage and nothing internal; a replaced link is a 404', async ({
  page,
  request,
  browser,
}) => {
  const account = await registerViaApi(request, 'Статусова Светлана');
  await loginViaUi(page, account);
  const client = `Клиентов Секрет ${Date.now()}`;

  await page.goto('/app/tickets/new?title=' + encodeURIComponent('Гарантийный ремонт'));
  await page.getByLabel('ФИО клиента').fill(client);
  await page.getByLabel('Телефон клиента').fill('8 (912) 345-61-01');
  await page.getByTestId('device-fields').getByLabel('Устройство').fill('Планшет Huawei MatePad');
  await page.getByLabel('Описание').fill('ВНУТРЕННЕЕ: клиент просил без звонков');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const number = `#${page.url().split('/').pop()}`;

  // Tap-to-call: one format, a tel: link.
  const phone = page.getByRole('link', { name: '+7 912 345-61-01' });
  await expect(phone).toHaveAttribute('href', 'tel:+79123456101');

  const statusLink = page.getByRole('link', { name: /\/s\/[A-Za-z0-9_-]{24}$/ });
  const url = (await statusLink.getAttribute('href')) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{24}$/);

  // A client's phone, signed out.
  const outside = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const clientPage = await outside.newPage();
  const response = await clientPage.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(clientPage.getByRole('heading', { name: `Заявка ${number}` })).toBeVisible();
  await expect(clientPage.getByText('Планшет Huawei MatePad')).toBeVisible();
  await expect(clientPage.locator('p.now')).toHaveText('Ждём вашу посылку');
  await expect(clientPage.getByRole('list').getByText('Выдано')).toBeVisible();
  const text = (await clientPage.locator('body').innerText()).toLowerCase();
  for (const hidden of [client, 'внутреннее', '912', 'статусова', 'гарантийный ремонт']) {
    expect(text).not.toContain(hidden.toLowerCase());
  }
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const wrong = await clientPage.goto(url.replace(/.{4}$/, 'AAAA'));
  expect(wrong?.status()).toBe(404);
  await expect(clientPage.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();

  // Staff replace the link: the old one stops working, the new one works.
  await page.getByRole('button', { name: 'Заменить ссылку' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Заменить' }).click();
  await expect(page.getByRole('link', { name: url })).toHaveCount(0);
  const fresh =
    (await page.getByRole('link', { name: /\/s\/[A-Za-z0-9_-]{24}$/ }).getAttribute('href')) ?? '';
  expect(fresh).not.toBe(url);
  expect((await clientPage.goto(url))?.status()).toBe(404);
  expect((await clientPage.goto(fresh))?.status()).toBe(200);
  await expect(page.getByTestId('history').getByText('Ссылка для клиента заменена')).toBeVisible();
  await outside.close();
});

test('«Написать клиенту» fills the status’s template into WhatsApp, as an admin edited it, and notes it in history', async ({
  page,
  context,
}) => {
  await loginViaUi(page, ADMIN);
  // The admin's template for «Новая»: emoji, a line break and every kind of placeholder.
  await page.goto('/app/settings');
  const template = page.getByLabel('Новая', { exact: true });
  await template.fill('🔧 {клиент}, заявка {номер} ({устройство}) принята.\nСлужба: {служба}. {ссылка}');
  await page.getByRole('button', { name: 'Сохранить шаблоны' }).click();
  await expect(page.getByText('Шаблоны сохранены')).toBeVisible();

  await page.goto('/app/tickets/new?title=' + encodeURIComponent('Замена SSD'));
  await page.getByLabel('ФИО клиента').fill('Щукина Юлия Эдуардовна');
  await page.getByLabel('Телефон клиента').fill('8 912 555-66-77');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const number = `#${page.url().split('/').pop()}`;
  const link = (await page.getByRole('link', { name: /\/s\/[A-Za-z0-9_-]{24}$/ }).getAttribute('href')) ?? '';

  await page.getByRole('button', { name: 'Написать клиенту' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сообщение клиенту' });
  const expected = `🔧 Юлия Эдуардовна, заявка ${number} принята.\nСлужба: ${link}`;
  await expect(dialog.getByLabel('Текст сообщения')).toHaveValue(expected);
  const whatsapp = dialog.getByRole('link', { name: 'Открыть WhatsApp' });
  const href = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/79125556677');
  expect(href.searchParams.get('text')).toBe(expected);
  const sms = (await dialog.getByRole('link', { name: 'Открыть SMS' }).getAttribute('href')) ?? '';
  expect(decodeURIComponent(sms.replace(/^sms:\+79125556677\?body=/, ''))).toBe(expected);

  // An edit in the dialog goes into the link as typed.
  await dialog.getByLabel('Текст сообщения').fill('Готово! Заберите, пожалуйста 🙏');
  expect(new URL((await whatsapp.getAttribute('href')) ?? '').searchParams.get('text')).toBe(
    'Готово! Заберите, пожалуйста 🙏',
  );
  // WhatsApp opens in a new tab (unreachable from here); the ticket notes the message.
  const popup = context.waitForEvent('page');
  await whatsapp.click();
  await (await popup).close();
  await expect(page.getByText('Отмечено в истории заявки')).toBeVisible();
  const history = page.getByTestId('history');
  await expect(history.getByText('Клиенту отправлено сообщение')).toBeVisible();
  await expect(history.getByText('WhatsApp')).toBeVisible();

  // Put the template back, so other journeys see the built-in one.
  await page.goto('/app/settings');
  await page.getByLabel('Новая', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Сохранить шаблоны' }).click();
  await expect(page.getByText('Шаблоны сохранены')).toBeVisible();
});
