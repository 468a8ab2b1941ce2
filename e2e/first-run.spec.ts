import { expect, test } from '@playwright/test';
import { E2E_INVITE_CODE, E2E_PASSWORD, loginViaUi, logoutViaUi, uniqueEmail } from './fixtures';

test('a fresh install: first account is admin, promotes the second, who then sees Сотрудники', async ({
  page,
}) => {
  const admin = { name: 'Первая Админ', email: uniqueEmail('first') };
  const worker = { name: 'Второй Сотрудник', email: uniqueEmail('second') };

  // Without mail set up, «Забыли пароль?» says who can help.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page.getByText('Попросите администратора')).toBeVisible();
  await expect(page.getByText('npm run reset-password')).toBeVisible();

  // Signed out: /app sends to the login form.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Регистрация' }).click();

  async function register(name: string, email: string, inviteCode = E2E_INVITE_CODE) {
    await page.getByLabel('ФИО').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill(E2E_PASSWORD);
    await page.getByLabel('Код приглашения').fill(inviteCode);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  }

  // Before anyone exists, the page says the first account becomes the administrator, and where the code is.
  const note = page.getByTestId('first-run-note');
  await expect(note).toContainText('станет учётной записью администратора');
  await expect(note).toContainText('npm run invite-code');

  // A wrong invite code is refused in a red box.
  await register(admin.name, admin.email, 'wrong-code');
  await expect(page.getByRole('alert')).toHaveText('Неверный код приглашения');

  await register(admin.name, admin.email);
  await expect(page).toHaveURL(/\/app\/work$/);
  const currentUser = page.getByTestId('current-user').filter({ visible: true });
  await expect(currentUser).toContainText(admin.email);
  await expect(currentUser).toContainText('Админ');
  await expect(page.getByRole('link', { name: 'Сотрудники', exact: true })).toBeVisible();

  // An empty shop: the admin is told what to do first, with the code and the address to send.
  const firstSteps = page.getByTestId('first-steps');
  await expect(firstSteps).toContainText('С чего начать');
  await expect(firstSteps).toContainText(E2E_INVITE_CODE);
  await expect(firstSteps).toContainText('/register');
  // Gone once the first item exists (heard live).
  const created = await page.request.post('/api/tasks', { data: { title: 'Первая задача' } });
  expect(created.status()).toBe(201);
  await expect(page.getByTestId('work-row')).toHaveCount(1);
  await expect(firstSteps).toHaveCount(0);
  await logoutViaUi(page);

  const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/first-run'));
  await page.getByRole('link', { name: 'Регистрация' }).click();
  expect(await (await checked).json()).toEqual({ firstRun: false });
  await expect(note).toHaveCount(0);
  // Case, spaces and dashes in the code do not matter.
  await register(worker.name, worker.email, ` ${E2E_INVITE_CODE.toUpperCase().replaceAll('-', ' ')} `);
  await expect(page).toHaveURL(/\/app\/work$/);
  await expect(currentUser).toContainText('Сотрудник');
  await expect(page.getByRole('link', { name: 'Сотрудники', exact: true })).toHaveCount(0);
  await page.goto('/app/employees');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await logoutViaUi(page);

  // A wrong password shows the red box.
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Пароль').fill('wrong password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль');

  await loginViaUi(page, { email: admin.email, password: E2E_PASSWORD });
  await page.getByRole('link', { name: 'Сотрудники', exact: true }).click();
  const row = page.getByTestId(`employee-${worker.email}`);
  await row.getByLabel(`Роль: ${worker.name}`, { exact: true }).click();
  await page.getByRole('option', { name: 'Админ' }).click();
  await expect(page.getByText('Роль изменена')).toBeVisible();
  await logoutViaUi(page);

  await loginViaUi(page, { email: worker.email, password: E2E_PASSWORD });
  await expect(currentUser).toContainText('Админ');
  await page.getByRole('link', { name: 'Сотрудники', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
});
