import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('create «Забрать плату у клиента», autosave survives reload, close, reopen, photo, delete', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Задачкина Зоя');
  await loginViaUi(page, account);
  const saved = page.getByTestId('save-status');

  await page.getByRole('link', { name: 'Задача', exact: true }).click();
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page.getByText('Введите название задачи')).toBeVisible();
  await page.getByLabel('Название').fill('Забрать плату у клиента');
  // The message goes as soon as the field is fixed, before the next submit.
  await expect(page.getByText('Введите название задачи')).toHaveCount(0);
  await page.getByLabel('Описание').fill('Плата в антистатическом пакете');
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Задача \d+$/ })).toBeVisible();
  const taskUrl = page.url();

  // Autosave: half a second after typing stops, and it survives a reload.
  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/tasks/'),
  );
  await page.getByLabel('Описание').fill('Плата в пакете, коробка у двери');
  await page.getByLabel('Срок').fill('2026-12-05');
  // «Сохранение…» may come and go faster than a check can see it; the answer is what counts.
  expect((await patched).status()).toBe(200);
  await expect(saved).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('Описание')).toHaveValue('Плата в пакете, коробка у двери');
  await expect(page.getByLabel('Срок')).toHaveValue('2026-12-05');

  // Close it: the status and the closing time show; reopen it: both go.
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'Закрыта' }).click();
  await expect(page.getByText(/закрыта \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('Закрыта');
  await page.getByRole('combobox', { name: 'Статус' }).click();
  await page.getByRole('option', { name: 'В работе' }).click();
  await expect(page.getByText(/закрыта \d\d\.\d\d\.\d{4}/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('В работе');

  // A photo.
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить фото' }).click();
  await (await chooser).setFiles({ name: 'плата.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('button', { name: 'Открыть фото плата.png' })).toBeVisible();

  // The list shows it under «В работе», not under «Закрытые».
  await page.goto('/app/tasks?status=in_progress');
  await expect(
    page.getByTestId('task-row').filter({ hasText: 'Забрать плату у клиента' }).first(),
  ).toBeVisible();
  await page.goto('/app/tasks?status=closed');
  await expect(page.getByTestId('task-row').filter({ hasText: 'Забрать плату у клиента' })).toHaveCount(0);

  await page.goto(taskUrl);
  await page.getByRole('button', { name: 'Удалить задачу' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить задачу?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(page).toHaveURL(/\/app\/tasks$/);
  await page.goto(taskUrl);
  await expect(page.getByTestId('trash-banner')).toContainText('Задача в корзине');
});
