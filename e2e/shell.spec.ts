import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('an unknown public address shows the 404 page; inside the app, «Страница не найдена»', async ({
  page,
  request,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Страница не найдена')).toBeVisible();

  const account = await registerViaApi(request, 'Гостев Гость');
  await loginViaUi(page, account);
  await page.goto('/app/no-such-screen');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Клиенты' })).toBeVisible();
});

test('signed out, /app/* shows «Загрузка...» and then the login form', async ({ page }) => {
  // The session check is held until «Загрузка...» has been seen: a fixed delay could pass
  // between two of the assertion's polls on a busy machine (it did once in CI).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/work');
  await expect(page.getByText('Загрузка...')).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a 375 px phone the menu folds into a burger and still works', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await registerViaApi(request, 'Мобильный Михаил');
  await loginViaUi(page, account);
  await expect(page.getByRole('link', { name: 'Клиенты' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  await expect(page.getByRole('heading', { name: 'Клиенты' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

test('every user edits their own name and phone in the profile dialog', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Профилев Пётр');
  await loginViaUi(page, account);
  await page.getByTestId('current-user').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Мой профиль' });
  await dialog.getByLabel('ФИО').fill('Профилев Пётр Петрович');
  await dialog.getByLabel('Телефон').fill('+7 912 345-67-89');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();
  await page.reload();
  await page.getByTestId('current-user').filter({ visible: true }).click();
  await expect(dialog.getByLabel('Телефон')).toHaveValue('+7 912 345-67-89');
});
