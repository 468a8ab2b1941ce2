import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 18: a ticket's приёмная квитанция, акт выдачи and label — a print page (the browser's
// print, a paper-only layout) and the same paper as a PDF whose text is real Cyrillic.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Text of a PDF as a reader copies it (Debian's poppler-utils, installed by .ci/run). */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pdfInfo(bytes: Buffer): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', ['-'], { input: bytes, encoding: 'utf8' });
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    size: /Page size:\s+(.+?) pts/.exec(info)?.[1] ?? '',
  };
}

async function downloadPdf(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать PDF' }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return file;
}

test('a ticket’s receipt, act and label: print page, the browser’s print, and a PDF in Cyrillic', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Печаткина Прасковья');
  await loginViaUi(page, account);
  const client = `Квитанцев Эдуард ${Date.now()}`;
  const serial = `SN-ЖЁ-${Date.now()}`;

  await page.goto('/app/tickets/new?title=' + encodeURIComponent('Гарантийный ремонт'));
  await page.getByLabel('ФИО клиента').fill(client);
  await page.getByLabel('Телефон клиента').fill('8 912 700-80-90');
  const device = page.getByTestId('device-fields');
  await device.getByLabel('Устройство').fill('Смартфон Xiaomi Redmi Note 12');
  await device.getByLabel('Серийный номер / IMEI').fill(serial);
  await device.getByLabel('Неисправность со слов клиента').fill('Не заряжается');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const ticketUrl = page.url();
  const number = `#${ticketUrl.split('/').pop()}`;

  await page.getByRole('link', { name: 'Приёмная квитанция' }).click();
  await expect(page).toHaveURL(/\/print\/receipt$/);
  const sheet = page.getByRole('article', { name: 'Приёмная квитанция' });
  await expect(sheet.getByRole('heading', { name: 'Приёмная квитанция' })).toBeVisible();
  for (const text of [client, '+7 912 700-80-90', 'Смартфон Xiaomi Redmi Note 12', serial, 'Не заряжается']) {
    await expect(sheet.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(sheet.getByText(`Заявка ${number} от`)).toBeVisible();
  // The e2e server has PUBLIC_URL: the code holds the client's status link.
  await expect(sheet.getByRole('img', { name: 'QR-код: ссылка на статус ремонта' })).toBeVisible();
  const { ticket } = await (await page.request.get(`/api/tickets/${number.slice(1)}`)).json();
  const { document } = await (await page.request.get(`/api/tickets/${ticket.id}/documents/receipt`)).json();
  expect(document.qr.text).toMatch(new RegExp(`^https?://[^/]+${ticket.statusPath}$`));
  await expect(sheet.getByText('Сдал (клиент)')).toBeVisible();
  // No app header on the paper page.
  await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);

  // The browser's print dialog cannot be driven from a test: the button's call is recorded instead.
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = 1;
    };
  });
  await page.getByRole('button', { name: 'Печать' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // What the printer gets (Chromium's own print to PDF, with the page's @page size): the
  // toolbar left off, the receipt on one A4 sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
  const a4 = pdfInfo(await page.pdf({ preferCSSPageSize: true }));
  // A4 is 595.28 × 841.89 pt; Chromium rounds the page to whole CSS pixels.
  expect(a4.pages).toBe(1);
  expect(a4.size).toMatch(/^59[456]\.\d+ x 84[123]\.\d+$/);
  await page.emulateMedia({ media: 'screen' });

  const receipt = pdfText(await downloadPdf(page));
  for (const text of [
    'Приёмная квитанция',
    client,
    'Смартфон Xiaomi Redmi Note 12',
    serial,
    'Не заряжается',
  ]) {
    expect(receipt).toContain(text);
  }

  // The act: same client and device, with the repair summary and the employee who hands it over.
  await page.getByRole('link', { name: 'Акт выдачи' }).click();
  await expect(page).toHaveURL(/\/print\/act$/);
  const act = page.getByRole('article', { name: 'Акт выдачи' });
  await expect(act.getByText('Выполненные работы')).toBeVisible();
  await expect(act.getByText('подпись / Печаткина Прасковья')).toBeVisible();
  const actText = pdfText(await downloadPdf(page));
  for (const text of ['Акт выдачи', client, serial, 'Получил (клиент)', 'Печаткина Прасковья']) {
    expect(actText).toContain(text);
  }

  // The label for the thermal printer: 58×40 mm, one label.
  await page.getByRole('link', { name: 'Наклейка' }).click();
  const label = page.getByRole('article', { name: 'Наклейка' });
  await expect(label.getByText(number, { exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const labelPrint = pdfInfo(await page.pdf({ preferCSSPageSize: true }));
  await page.emulateMedia({ media: 'screen' });
  expect(labelPrint.pages).toBe(1);
  expect(labelPrint.size).toMatch(/^16[34]\.\d+ x 11[23]\.\d+$/);

  await page.getByRole('link', { name: `← Заявка ${number}` }).click();
  await expect(page).toHaveURL(ticketUrl);
});
