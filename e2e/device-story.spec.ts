import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 49: the shop's own type with its warranty, a repair closed with its summary and
// warranty, the device brought back and recognised by its serial at intake, and a warranty
// return opened from the original and linked both ways.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function stepForwardTo(page: Page, label: string) {
  await page.getByRole('button', { name: `${label} →` }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText(label);
}

test('a device’s story: own type, closing with warranty, recognised at intake, warranty return', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = Date.now().toString(36).toUpperCase();
  const typeName = `Замена экрана ${token}`;
  const serial = `SN-${token}-77`;
  await loginViaUi(page, ADMIN);

  // The shop adds its own type: printed title, route, warranty.
  await page.goto('/app/settings');
  const types = page.locator('#ticket-types');
  await types.getByRole('button', { name: 'Добавить тип' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый тип заявки' });
  await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill(typeName);
  await dialog.getByLabel('Название в документах').fill('Замена дисплея');
  await dialog.getByRole('combobox', { name: 'Как обычно принимают' }).click();
  await page.getByRole('option', { name: 'Клиент принёс сам' }).click();
  await dialog.getByLabel('Гарантия, дней').fill('90');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(types.getByText(typeName)).toBeVisible();
  await expect(
    types.getByText(/в документах: «Замена дисплея» · Клиент принёс сам · гарантия: 90 дней/),
  ).toBeVisible();

  // Intake with the new type: its route is chosen for it.
  await page.goto('/app/tickets/new');
  await page.getByRole('radio', { name: typeName }).check();
  await expect(page.getByRole('radio', { name: 'Клиент принёс сам' })).toBeChecked();
  await page.getByLabel('ФИО клиента').fill(`Экранов Эдуард ${token}`);
  const device = page.getByTestId('device-fields');
  await device.getByLabel('Устройство').fill('Смартфон Xiaomi');
  await device.getByLabel('Серийный номер / IMEI').fill(serial);
  await expect(page.getByText('Это устройство уже было у нас')).toHaveCount(0);
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  const firstUrl = page.url();
  const firstNumber = `#${firstUrl.split('/').pop()}`;

  // Repaired and closed: the dialog takes the summary and shows the type's warranty.
  await stepForwardTo(page, 'В ремонте');
  await stepForwardTo(page, 'Готов к выдаче');
  await stepForwardTo(page, 'Оповестить клиента');
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await expect(closing.getByLabel('Гарантия, дней')).toHaveValue('90');
  await closing.getByLabel('Итог ремонта').fill('Заменён дисплейный модуль');
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  const warranty = page.getByText(/гарантия до \d\d\.\d\d\.\d{4}/).first();
  await expect(warranty).toBeVisible();
  const until = /гарантия до (\d\d\.\d\d\.\d{4})/.exec((await warranty.textContent()) ?? '')![1];

  // The receipt prints the type's own title.
  await page.goto(`${firstUrl}/print/receipt`);
  await expect(page.getByRole('article')).toContainText('Замена дисплея');

  // The device comes back: the serial typed another way is recognised at intake.
  await page.goto('/app/tickets/new');
  await page
    .getByTestId('device-fields')
    .getByLabel('Серийный номер / IMEI')
    .fill(serial.toLowerCase().replace(/-/g, ' '));
  const known = page.getByRole('alert').filter({ hasText: 'Это устройство уже было у нас' });
  await expect(known).toBeVisible();
  await expect(
    known.getByRole('link', { name: new RegExp(`${firstNumber} от .*, гарантия до ${until}`) }),
  ).toBeVisible();
  await expect(known).toContainText('Заменён дисплейный модуль');

  // From the original, one step opens the warranty return, linked both ways.
  await known.getByRole('link', { name: new RegExp(firstNumber) }).click();
  await expect(page).toHaveURL(firstUrl);
  await page.getByRole('button', { name: 'Гарантийный возврат' }).click();
  await page
    .getByRole('dialog', { name: 'Оформить гарантийный возврат?' })
    .getByRole('button', { name: 'Оформить' })
    .click();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(
    page.getByRole('paragraph').filter({ hasText: `Гарантийный возврат по заявке ${firstNumber}` }),
  ).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Новая');
  await expect(page.getByTestId('device-fields').getByLabel('Серийный номер / IMEI')).toHaveValue(serial);
  const returnNumber = `#${page.url().split('/').pop()}`;
  await page.getByRole('link', { name: firstNumber }).first().click();
  await expect(page.getByText(`Гарантийные возвраты: ${returnNumber}`)).toBeVisible();
  await expect(page.getByTestId('history').getByText('Оформлен гарантийный возврат')).toBeVisible();

  // The device's page holds its whole story.
  await page.goto('/app/tickets/new');
  await page.getByTestId('device-fields').getByLabel('Серийный номер / IMEI').fill(serial);
  await page.getByRole('link', { name: 'Вся история устройства (2)' }).click();
  await expect(page.getByRole('heading', { name: `Устройство ${serial}` })).toBeVisible();
  await expect(page.getByText('2 заявки')).toBeVisible();
  await expect(page.getByText('Заменён дисплейный модуль')).toBeVisible();
});

test('two cards of one person become one, and the merge is undone from the Корзина', async ({ page }) => {
  const token = Date.now().toString(36).toUpperCase();
  const kept = `Единов Эмиль ${token}`;
  const twin = `Единов Э. ${token}`;
  await loginViaUi(page, ADMIN);
  const post = async (url: string, data: object) => (await page.request.post(url, { data })).json();
  const keptClient = (await post('/api/clients', { fullName: kept, phone: `8 913 ${token.slice(-7)}` }))
    .client;
  const twinClient = (await post('/api/clients', { fullName: twin, despiteSamePhone: true })).client;
  const { ticket } = await post('/api/tickets', {
    title: 'Замена SSD',
    client: { mode: 'existing', clientId: twinClient.id },
  });

  await page.goto(`/app/clients/${twinClient.id}`);
  await page.getByRole('button', { name: 'Объединить с другим клиентом' }).click();
  const dialog = page.getByRole('dialog', { name: 'Объединить клиентов' });
  await dialog.getByRole('combobox', { name: 'Оставить клиента' }).fill(kept);
  await page.getByRole('option', { name: kept }).click();
  await dialog.getByRole('button', { name: 'Объединить' }).click();
  await expect(page).toHaveURL(`/app/clients/${keptClient.id}`);
  await expect(page.getByText('Клиенты объединены. Перенесено: 1 заявка, 0 задач')).toBeVisible();
  await expect(page.getByTestId('history').getByText('Присоединён клиент')).toBeVisible();
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByRole('link', { name: kept })).toBeVisible();

  // The twin waits in the Корзина, and says where it went and how to undo it.
  await page.goto(`/app/clients/${twinClient.id}`);
  const merged = page.getByRole('alert').filter({ hasText: `Объединён с клиентом «${kept}»` });
  await expect(merged).toBeVisible();
  await merged.getByRole('button', { name: 'Отменить объединение' }).click();
  await expect(page.getByText('Объединение отменено')).toBeVisible();
  await expect(merged).toHaveCount(0);
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByRole('link', { name: twin })).toBeVisible();
});

test('a stage inside «В ремонте»: set up, picked on the card, seen and filtered in the list, told to the client', async ({
  page,
  browser,
}) => {
  const token = Date.now().toString(36).toUpperCase();
  const stageName = `Ждёт плату ${token}`;
  await loginViaUi(page, ADMIN);

  await page.goto('/app/settings');
  const card = page.locator('#repair-stages');
  await card.getByRole('button', { name: 'Добавить этап' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый этап ремонта' });
  await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill(stageName);
  await dialog.getByLabel('Для клиента').fill('Ожидаем плату от поставщика');
  await dialog.getByLabel('Срок на этапе, дней').fill('3');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    card.getByText(/клиенту: «Ожидаем плату от поставщика» · срок: 3 дня · нет заявок/),
  ).toBeVisible();

  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName: `Этапов Эрик ${token}` },
      },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);
  // No stage outside «В ремонте».
  await expect(page.getByRole('combobox', { name: 'Этап' })).toHaveCount(0);
  await page.getByRole('button', { name: 'В ремонте →' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('В ремонте');
  await page.getByRole('combobox', { name: 'Этап' }).click();
  await page.getByRole('option', { name: stageName }).click();
  await expect(page.getByTestId('stage')).toHaveText(stageName);
  await expect(page.getByTestId('history').getByText('Изменён этап ремонта')).toBeVisible();
  const statusUrl =
    (await page.getByRole('link', { name: /\/s\/[A-Za-z0-9_-]{24}$/ }).getAttribute('href')) ?? '';

  // The worklist shows the stage on the row and keeps only tickets at it when asked.
  await page.goto('/app/work');
  const row = page.getByRole('link', { name: new RegExp(`Этапов Эрик ${token}`) });
  await expect(row.getByTestId('stage')).toHaveText(stageName);
  await page.getByRole('combobox', { name: 'Этап' }).selectOption({ label: `Этап: ${stageName}` });
  await expect(page).toHaveURL(/stage=\d+/);
  await expect(page.getByTestId('work-row')).toHaveCount(1);
  await expect(row).toBeVisible();

  // The client reads it in plain words.
  const outside = await browser.newContext();
  const clientPage = await outside.newPage();
  await clientPage.goto(statusUrl);
  await expect(clientPage.locator('p.now')).toHaveText('Устройство в ремонте: Ожидаем плату от поставщика');
  await outside.close();

  // A step on leaves the stage behind.
  await page.goto(`/app/tickets/${ticket.id}`);
  await page.getByRole('button', { name: 'Готов к выдаче →' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Готов к выдаче');
  await expect(page.getByTestId('stage')).toHaveCount(0);
});
