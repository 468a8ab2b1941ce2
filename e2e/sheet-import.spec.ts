import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

const ROWS = 5000;

/** An export as another repair system writes it: «;», Russian dates and sums, its own status words. */
function exportFile(token: string, prefix: string): string {
  const header = '№;Дата приёма;Клиент;Телефон;Модель;Неисправность;Статус;Сумма;Оплачено;Мастер';
  const statuses = ['Выдан', 'В работе', 'Гарантийный'];
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    const phone = `8 9${prefix} ${String(10_000_000 + i).slice(1)}`;
    return [
      `${token}-${i}`,
      `${day}.01.2026`,
      `Клиент ${token} ${i}`,
      phone,
      `Телефон модели ${i % 40}`,
      'Не включается',
      statuses[i % 3],
      '1 500,50',
      i % 2 === 0 ? '1 500,50' : '',
      'Петров',
    ].join(';');
  });
  return [header, ...lines].join('\r\n');
}

// Issue 56: an admin maps another system's columns, checks what will happen, imports 5,000 rows
// watching the progress, and undoes it.
test('an admin maps columns, previews, imports 5,000 rows with progress, and undoes them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = Date.now().toString(36);
  await loginViaUi(page, ADMIN);
  await page.goto('/app/settings');
  await page.getByRole('link', { name: 'Загрузить таблицу' }).click();
  await expect(page.getByRole('heading', { name: 'Перенос из другой программы' })).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({
    name: 'заказы.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(exportFile(token, String(Date.now()).slice(-2))),
  });
  await expect(page.getByText(`заказы.csv · CSV, UTF-8 · строк: ${ROWS}`)).toBeVisible();
  // The guess, column by column; «Мастер» is not ours: the admin sends it to the note.
  await expect(page.getByLabel('Столбец «Клиент»')).toHaveValue('clientName');
  await expect(page.getByLabel('Столбец «Дата приёма»')).toHaveValue('createdAt');
  await expect(page.getByLabel('Столбец «Мастер»')).toHaveValue('skip');
  await page.getByLabel('Столбец «Мастер»').selectOption('note');
  // A status word nobody could guess: the admin says what it means.
  const unknown = page.getByLabel('«Гарантийный» (строк: 1666)');
  await expect(page.getByText('Не узнали это слово — выберите статус')).toBeVisible();
  await unknown.selectOption('in_repair');
  await expect(page.getByText('Выбор изменился — проверьте снова')).toBeVisible();
  await expect(page.getByRole('button', { name: `Загрузить заявки: ${ROWS}` })).toBeDisabled();
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByText('Что будет')).toBeVisible();
  await expect(page.getByTestId('import-summary')).toContainText(
    `Будет создано заявок: ${ROWS}; новых клиентов: ${ROWS}`,
  );

  await page.getByRole('button', { name: `Загрузить заявки: ${ROWS}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `из ${ROWS}` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Загрузка' })).toBeVisible();
  await expect(page.getByTestId('import-outcome')).toContainText(
    `Создано заявок: ${ROWS}; новых клиентов: ${ROWS}`,
    {
      timeout: 120_000,
    },
  );

  // The repairs are in the shop's lists, with their note.
  const found = await (
    await page.request.get(`/api/tickets?q=${encodeURIComponent(`Клиент ${token} 7`)}`)
  ).json();
  expect(found.items.length).toBeGreaterThan(0);

  // Undo, after asking: they are gone.
  await page
    .getByTestId('import-outcome')
    .locator('..')
    .getByRole('button', { name: 'Отменить загрузку' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить загрузку' }).click();
  await expect(page.getByText('Загрузка отменена')).toBeVisible();
  const after = await (
    await page.request.get(`/api/tickets?q=${encodeURIComponent(`Клиент ${token}`)}`)
  ).json();
  expect(after.items).toEqual([]);
});
