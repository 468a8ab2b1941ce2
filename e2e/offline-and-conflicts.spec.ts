import { expect, test, type Browser, type Page } from '@playwright/test';
import { ensureAdmin, expectToast, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function signedInPage(browser: Browser, request: Parameters<typeof registerViaApi>[0], name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerViaApi(request, name);
  await loginViaUi(page, account);
  return { context, page, account };
}

const status = (page: Page) => page.getByTestId('save-status');

test('an edit made offline survives closing the page and is saved when the app opens online', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedInPage(browser, request, 'Офлайнова Ольга');
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'Офлайн-задача' } })).json();
  await page.goto(`/app/tasks/${task.id}`);
  await expect(page.getByLabel('Описание')).toHaveValue('');

  await context.setOffline(true);
  await page.getByLabel('Описание').pressSequentially('Набрано без связи', { delay: 30 });
  await expect(status(page)).toHaveText('Не сохранено — нет связи');
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/app/work');
  await expect
    .poll(async () => (await (await again.request.get(`/api/tasks/${task.id}`)).json()).task.description)
    .toBe('Набрано без связи');
  await again.goto(`/app/tasks/${task.id}`);
  await expect(again.getByLabel('Описание')).toHaveValue('Набрано без связи');
  await expect(status(again)).toHaveText('Сохранено');
  await context.close();
});

test('offline, the card keeps the edit and sends it when the connection returns', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedInPage(browser, request, 'Связева Светлана');
  const { client } = await (
    await page.request.post('/api/clients', { data: { fullName: 'Клиент Связи' } })
  ).json();
  await page.goto(`/app/clients/${client.id}`);
  await expect(page.getByLabel('ФИО')).toHaveValue('Клиент Связи');
  await context.setOffline(true);
  await page.getByLabel('Комментарий').fill('Перезвонить');
  await expect(status(page)).toHaveText('Не сохранено — нет связи');
  await context.setOffline(false);
  await expect(status(page)).toHaveText('Сохранено', { timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel('Комментарий')).toHaveValue('Перезвонить');
  await context.close();
});

test('offline: a step fails at once with a Russian message, leaving asks first, a new screen says why it waits', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedInPage(browser, request, 'Шагова Шура');
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Гарантийный ремонт', client: { mode: 'new', fullName: 'Клиент Шагов' } },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);
  const forward = page.getByRole('button', { name: 'Доставка оформлена →' });
  await expect(forward).toBeVisible();
  // Screens load their code in the background after the first one is up.
  await page.waitForTimeout(2000);

  await context.setOffline(true);
  await forward.click();
  await expectToast(page, 'Нет связи с сервером');
  await expect(forward).toBeEnabled();
  await expect(forward).not.toHaveAttribute('data-loading', 'true');

  // An edit that cannot be sent: leaving the card asks first.
  await page.getByLabel('Описание').fill('Правка без связи');
  await page.getByLabel('Описание').blur();
  await expect(status(page)).toHaveText('Не сохранено — нет связи');
  await page.getByRole('link', { name: 'Клиенты' }).filter({ visible: true }).click();
  const ask = page.getByRole('dialog', { name: 'Изменения не сохранены' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Остаться' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/tickets/${ticket.id}$`));
  await page.getByRole('link', { name: 'Клиенты' }).filter({ visible: true }).click();
  await ask.getByRole('button', { name: 'Уйти' }).click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  await expect(page.getByText('Страница откроется сама, когда связь появится.')).toBeVisible();

  // Back online: the list loads, and the edit left on the card reaches the server.
  await context.setOffline(false);
  await expect(page.getByText('Страница откроется сама, когда связь появится.')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/tickets/${ticket.id}`)).json()).ticket.description,
      {
        timeout: 15_000,
      },
    )
    .toBe('Правка без связи');
  await context.close();
});

test('two people on one field: the second is told who changed it, and chooses', async ({
  browser,
  request,
}) => {
  const anna = await signedInPage(browser, request, 'Первая Анна');
  const boris = await signedInPage(browser, request, 'Второй Борис');
  const { ticket } = await (
    await anna.page.request.post('/api/tickets', {
      data: { title: 'Замена видеокарты', client: { mode: 'new', fullName: 'Клиент Двоих' } },
    })
  ).json();
  await anna.page.goto(`/app/tickets/${ticket.id}`);
  await boris.page.goto(`/app/tickets/${ticket.id}`);

  // Boris is typing (the description saves when he leaves the field) …
  await boris.page.getByLabel('Описание').fill('Артефакты на экране (Борис)');
  // … while Anna writes and leaves the same field.
  await anna.page.getByLabel('Описание').fill('Не запускается (Анна)');
  await anna.page.getByLabel('Описание').blur();
  await expect(status(anna.page)).toHaveText('Сохранено');
  // Her change reaches Boris's card without replacing what he typed.
  await expect(boris.page.getByTestId('history').getByText('Изменено описание')).toHaveCount(1);
  await expect(boris.page.getByLabel('Описание')).toHaveValue('Артефакты на экране (Борис)');

  await boris.page.getByLabel('Описание').blur();
  const notice = boris.page.getByRole('alert').filter({ hasText: 'Поле «Описание» изменил(а) Первая Анна' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Сейчас: Не запускается (Анна)');
  await expect(status(boris.page)).toHaveText('Не сохранено — поле изменил другой сотрудник');

  await notice.getByRole('button', { name: 'Вернуть мой' }).click();
  await expect(status(boris.page)).toHaveText('Сохранено');
  await expect(anna.page.getByLabel('Описание')).toHaveValue('Артефакты на экране (Борис)');

  // The other way: Anna changes it again while Boris, offline, edits it too; he keeps hers.
  const { task } = await (
    await anna.page.request.post('/api/tasks', { data: { title: 'Общая задача' } })
  ).json();
  await anna.page.goto(`/app/tasks/${task.id}`);
  await boris.page.goto(`/app/tasks/${task.id}`);
  await expect(boris.page.getByLabel('Название')).toHaveValue('Общая задача');
  await boris.context.setOffline(true);
  await boris.page.getByLabel('Название').fill('Общая задача (Борис)');
  await expect(status(boris.page)).toHaveText('Не сохранено — нет связи');
  await anna.page.getByLabel('Название').fill('Общая задача (Анна)');
  await expect(status(anna.page)).toHaveText('Сохранено');
  await boris.context.setOffline(false);
  const taskNotice = boris.page
    .getByRole('alert')
    .filter({ hasText: 'Поле «Название» изменил(а) Первая Анна' });
  await expect(taskNotice).toBeVisible({ timeout: 15_000 });
  await taskNotice.getByRole('button', { name: 'Оставить их вариант' }).click();
  await expect(boris.page.getByLabel('Название')).toHaveValue('Общая задача (Анна)');
  await expect(status(boris.page)).toHaveText('Сохранено');
  await boris.page.reload();
  await expect(boris.page.getByLabel('Название')).toHaveValue('Общая задача (Анна)');
  await anna.context.close();
  await boris.context.close();
});
