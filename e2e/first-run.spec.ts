import { expect, test } from '@playwright/test';
import { E2E_INVITE_CODE, E2E_PASSWORD, loginViaUi, logoutViaUi } from './fixtures';

// The tests here run in order on one fresh server: the first makes its admin. Fixed addresses:
// after a failure Playwright starts a new worker, which must still sign in as the same people.
const admin = { name: 'Первая Админ', email: 'first-admin@e2e.test' };
const worker = { name: 'Второй Сотрудник', email: 'second-worker@e2e.test' };

test('a fresh install: first account is admin, promotes the second, who then sees Сотрудники', async ({
  page,
}) => {
  // Without mail set up, «Забыли пароль?» says who can help.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page.getByText('Попросите владельца')).toBeVisible();
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
  await expect(note).toContainText('станет учётной записью владельца');
  await expect(note).toContainText('npm run invite-code');

  // A wrong invite code is refused in a red box.
  await register(admin.name, admin.email, 'wrong-code');
  await expect(page.getByRole('alert')).toHaveText('Неверный код приглашения');

  await register(admin.name, admin.email);
  await expect(page).toHaveURL(/\/app\/work$/);
  const currentUser = page.getByTestId('current-user').filter({ visible: true });
  await expect(currentUser).toContainText(admin.email);
  await expect(currentUser).toContainText('Владелец');
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
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await expect(page.getByText('Эта страница — только для владельца.')).toBeVisible();
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
  await page.getByRole('option', { name: 'Владелец' }).click();
  await page
    .getByRole('dialog', { name: 'Сделать владельцем?' })
    .getByRole('button', { name: 'Сделать владельцем' })
    .click();
  await expect(page.getByText('Роль изменена')).toBeVisible();
  await logoutViaUi(page);

  await loginViaUi(page, { email: worker.email, password: E2E_PASSWORD });
  await expect(currentUser).toContainText('Владелец');
  await page.getByRole('link', { name: 'Сотрудники', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
});

test('a new shop is led to its requisites and default assignees; papers and forms say what is missing', async ({
  page,
}) => {
  await loginViaUi(page, { email: admin.email, password: E2E_PASSWORD });
  const steps = page.getByTestId('setup-gaps');
  await expect(steps).toContainText('Реквизиты для квитанций: не заполнено — Название, Адрес, Телефон');
  await expect(steps).toContainText('Новые заявки и задачи пока никому не назначаются.');
  await steps.getByRole('link', { name: 'Исполнители по умолчанию' }).click();
  await expect(page).toHaveURL(/\/app\/employees#default-assignees$/);
  await expect(page.getByRole('heading', { name: 'Исполнители по умолчанию' })).toBeInViewport();

  // The new-ticket form says nobody gets it, and leads to the defaults.
  await page.goto('/app/tickets/new');
  await expect(page.getByText('Никто не получит уведомление и не увидит её в разделе «Мои».')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Назначить исполнителя по умолчанию' })).toBeVisible();

  // A receipt printed now has an empty header: the page says which lines, and where to fill them.
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Гарантийный ремонт', client: { mode: 'new', fullName: 'Шапкин Шамиль' } },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}/print/receipt`);
  const note = page.getByTestId('missing-requisites');
  await expect(note).toContainText('В шапке документа: не заполнено — Название, Адрес, Телефон.');
  await note.getByRole('link', { name: 'Заполнить в «Настройках»' }).click();
  await page.getByLabel('Название').fill('Сервис «Шапка»');
  await page.getByLabel('Адрес', { exact: true }).fill('Пермь, ул. Ленина, 1');
  await page.getByLabel('Телефон').fill('+7 342 200-00-00');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).first().click();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await page.goto(`/app/tickets/${ticket.id}/print/receipt`);
  await expect(page.getByText('Сервис «Шапка»')).toBeVisible();
  await expect(page.getByTestId('missing-requisites')).toHaveCount(0);

  // With a default, the form names who gets the work.
  const me = await (await page.request.get('/api/me')).json();
  const defaults = await page.request.put('/api/settings/default-assignees', {
    data: { ticketAssigneeId: me.user.id, taskAssigneeId: me.user.id },
  });
  expect(defaults.ok(), await defaults.text()).toBe(true);
  await page.goto('/app/tasks/new');
  await expect(page.getByText('Исполнитель по умолчанию', { exact: true })).toBeVisible();

  // One ticket: the «Сводка» axes count 0 and 1, not 0,25 · 0,5 · 0,75.
  await page.goto('/app/dashboard');
  const chart = page.getByTestId('chart-Открытые заявки по статусам');
  await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeAttached();
  // The value axis, whichever way the bars lie: its ticks are figures, the other axis's are names.
  const ticks = (await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents())
    .map((tick) => tick.trim())
    .filter((tick) => /^[\d\s,.]+$/.test(tick));
  expect(ticks.length).toBeGreaterThan(1);
  expect(ticks.filter((tick) => !/^\d+$/.test(tick.trim()))).toEqual([]);
});

test('served at a local address, messages go without a link until the admin sets the shop’s address', async ({
  page,
}) => {
  await loginViaUi(page, { email: admin.email, password: E2E_PASSWORD });
  const created = await page.request.post('/api/tickets', {
    data: {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Ссылкин Семён', phone: '+7 900 123-45-67' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { ticket } = await created.json();

  // http://127.0.0.1:3101 opens only here: no link in the message, and the dialog says why.
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByRole('button', { name: 'Копировать ссылку' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Написать клиенту' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сообщение клиенту' });
  const text = dialog.getByLabel('Текст сообщения');
  await expect(text).toHaveValue(/Ссылкин|Семён/);
  expect(await text.inputValue()).not.toContain('/s/');
  expect(await text.inputValue()).not.toContain('Следить за ремонтом');
  await expect(dialog.getByTestId('no-client-link')).toContainText('127.0.0.1:3101');

  // The note leads to «Настройки»; the check cannot reach the address from here, so the admin
  // saves it without the check.
  await dialog.getByRole('link', { name: '«Настройках»' }).click();
  await expect(page).toHaveURL(/\/app\/settings/);
  await page.getByLabel('Адрес сервиса в интернете').fill('remont.example.ru');
  await page.getByRole('button', { name: 'Проверить и сохранить' }).click();
  await expect(page.getByText(/Проверка не прошла: https:\/\/remont\.example\.ru не отвечает/)).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Сохранить без проверки' }).click();
  await expect(page.getByText('Адрес сохранён')).toBeVisible();

  await page.goto(`/app/tickets/${ticket.id}`);
  await page.getByRole('button', { name: 'Написать клиенту' }).click();
  await expect(dialog.getByLabel('Текст сообщения')).toHaveValue(
    new RegExp(`Следить за ремонтом: https://remont\\.example\\.ru${ticket.statusPath}`),
  );
  await expect(dialog.getByTestId('no-client-link')).toHaveCount(0);
});
