import { expect, test, type Page } from '@playwright/test';
import { ADMIN, E2E_PASSWORD, ensureAdmin, loginViaUi, registerViaApi, sentMails } from './fixtures';

// Issue 16: nobody could change or recover a password.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function signInFails(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль');
}

test('changing one’s own password in the profile signs out the other device', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerViaApi(request, 'Паролева Полина');
  await loginViaUi(page, account);
  const phone = await (await browser.newContext()).newPage();
  await loginViaUi(phone, account);

  await page.getByTestId('current-user').filter({ visible: true }).click();
  await page
    .getByRole('dialog', { name: 'Мой профиль' })
    .getByRole('button', { name: 'Сменить пароль' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Сменить пароль' });
  await dialog.getByLabel('Текущий пароль').fill('wrong password here');
  await dialog.getByLabel('Новый пароль').fill('зелёный фонарь 42');
  await dialog.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Текущий пароль введён неверно');
  await dialog.getByLabel('Текущий пароль').fill(E2E_PASSWORD);
  await dialog.getByLabel('Новый пароль').fill('qwerty123');
  await dialog.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(dialog.getByRole('alert')).toContainText('слишком распространён');
  await dialog.getByLabel('Новый пароль').fill('зелёный фонарь 42');
  await dialog.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Пароль изменён. На других устройствах нужно войти заново')).toBeVisible();

  // This device stays signed in; the other one is sent to the login form.
  await page.reload();
  await expect(page).toHaveURL(/\/app\/work$/);
  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
  await signInFails(phone, account.email, E2E_PASSWORD);
  await loginViaUi(phone, { email: account.email, password: 'зелёный фонарь 42' });
});

test('an admin’s «Сбросить пароль» gives a one-time link; the person sets a new password with it', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerViaApi(request, 'Забывашкин Захар');
  const worker = await (await browser.newContext()).newPage();
  await loginViaUi(worker, account);

  await loginViaUi(page, ADMIN);
  await page.getByRole('link', { name: 'Сотрудники', exact: true }).first().click();
  await page.getByRole('button', { name: 'Сбросить пароль: Забывашкин Захар' }).click();
  const confirm = page.getByRole('dialog', { name: 'Сбросить пароль?' });
  await expect(confirm).toContainText('одноразовую ссылку на 24 часа');
  await confirm.getByRole('button', { name: 'Получить ссылку' }).click();
  const shown = page.getByRole('dialog', { name: 'Ссылка для нового пароля' });
  const link = (await shown.getByTestId('reset-link').textContent())!.trim();
  expect(link).toMatch(/\/reset-password#[\w-]{43}$/);

  // The person opens it (here on a fresh device) and sets a new password.
  const device = await (await browser.newContext()).newPage();
  await device.goto(link);
  await device.getByLabel('Новый пароль').fill('12345678');
  await device.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(device.getByRole('alert')).toContainText('слишком распространён');
  await device.getByLabel('Новый пароль').fill('синий трактор 7');
  await device.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(device.getByRole('heading', { name: 'Пароль изменён' })).toBeVisible();
  await device.getByRole('link', { name: 'Войти' }).click();
  await loginViaUi(device, { email: account.email, password: 'синий трактор 7' });

  // Every earlier session of theirs ended; the link works once.
  await worker.reload();
  await expect(worker).toHaveURL(/\/login$/);
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel('Новый пароль').fill('ещё один пароль 8');
  await again.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(again.getByRole('alert')).toContainText('Ссылка для смены пароля недействительна');
});

test('«Забыли пароль?» e-mails a one-time link; the answer does not tell whether the address exists', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Почтова Полина');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill('nobody.at.all@e2e.test');
  await page.getByRole('button', { name: 'Прислать ссылку' }).click();
  const unknownAnswer = await page.getByTestId('forgot-answer').textContent();

  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Прислать ссылку' }).click();
  await expect(page.getByTestId('forgot-answer')).toHaveText(unknownAnswer!);

  await expect.poll(() => sentMails().filter((m) => m.to.includes(account.email)).length).toBe(1);
  const mail = sentMails().find((m) => m.to.includes(account.email))!;
  expect(sentMails().some((m) => m.to.includes('nobody.at.all@e2e.test'))).toBe(false);
  const link = /http\S+\/reset-password#[\w-]+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByLabel('Новый пароль').fill('письмо дошло 2026');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Пароль изменён' })).toBeVisible();
  await page.getByRole('link', { name: 'Войти' }).click();
  await loginViaUi(page, { email: account.email, password: 'письмо дошло 2026' });
});
