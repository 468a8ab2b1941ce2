import { expect, test, type Locator, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// People type in bursts with pauses (a phone keyboard, thinking between words): every
// pause is longer than the autosave delay, so a save lands between the words. What
// they typed must come back exactly, spaces and line breaks included.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

const PAUSE_MS = 1000;

/**
 * Types `parts` at the end of `field`: each part key by key, then a 1 s pause; '\n' is Enter.
 * The caret is moved to the end after the tap, as a person appending does: where a tap lands
 * in the text (or where a dialog's focus trap puts the caret) is not what is tested here.
 */
async function typeWithPauses(page: Page, field: Locator, parts: string[]) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+End');
  for (const part of parts) {
    for (const line of part.split(/(\n)/)) {
      if (line === '\n') await page.keyboard.press('Enter');
      else if (line) await page.keyboard.type(line, { delay: 40 });
    }
    await page.waitForTimeout(PAUSE_MS);
  }
}

test('task card: typed with pauses the moment it opens, title and description come back exactly', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await registerViaApi(request, 'Печатаева Полина'));
  await page.getByRole('link', { name: 'Задача', exact: true }).click();
  await page.getByLabel('Название').fill('Звонок');
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page).toHaveURL(/\/app\/tasks\/\d+$/);

  // No wait for the card to settle: type as soon as the field is there.
  await typeWithPauses(page, page.getByLabel('Описание'), [
    'Позвонить ',
    'поставщику ',
    'завтра\n',
    'в 10:00',
  ]);
  await typeWithPauses(page, page.getByLabel('Название'), [' поставщику', ' ']);
  await expect(page.getByLabel('Описание')).toHaveValue('Позвонить поставщику завтра\nв 10:00');
  await page.getByLabel('Описание').click(); // leave the title
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('Описание')).toHaveValue('Позвонить поставщику завтра\nв 10:00');
  await expect(page.getByLabel('Название')).toHaveValue('Звонок поставщику');
});

test('client card: every text field typed with pauses keeps its spaces and line breaks', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await registerViaApi(request, 'Клавишин Кирилл'));
  const created = await page.request.post('/api/clients', { data: { fullName: 'Печатный Пётр' } });
  const { client } = await created.json();
  await page.goto(`/app/clients/${client.id}`);

  await typeWithPauses(page, page.getByLabel('ФИО'), [' Сергеевич', ' ']);
  await typeWithPauses(page, page.getByRole('textbox', { name: 'Телефон' }), ['+7 912 ', '345 67 89']);
  await typeWithPauses(page, page.getByLabel('Гарантийный талон'), ['ГТ ', '0042']);
  await typeWithPauses(page, page.getByLabel('Адрес'), ['г. Пермь,\n', 'ул. Ленина, ', 'д. 1']);
  await typeWithPauses(page, page.getByLabel('Комментарий'), [
    'Звонить ',
    'после 18:00\n',
    '\n',
    'не в выходные',
  ]);
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('ФИО')).toHaveValue('Печатный Пётр Сергеевич');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 912 345 67 89');
  await expect(page.getByLabel('Гарантийный талон')).toHaveValue('ГТ 0042');
  await expect(page.getByLabel('Адрес')).toHaveValue('г. Пермь,\nул. Ленина, д. 1');
  await expect(page.getByLabel('Комментарий')).toHaveValue('Звонить после 18:00\n\nне в выходные');
});

test('ticket card: description and repair summary typed with pauses, saved when left, one history entry each', async ({
  page,
  request,
}) => {
  await loginViaUi(page, await registerViaApi(request, 'Ремонтов Роман'));
  const created = await page.request.post('/api/tickets', {
    data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Клиент Печатный' } },
  });
  const { ticket } = await created.json();
  await page.goto(`/app/tickets/${ticket.id}`);

  await typeWithPauses(page, page.getByLabel('Описание'), [
    'Не включается, ',
    'запах гари\n',
    'после грозы ',
  ]);
  // Spec §9: saved when the field is left, not while typing.
  await expect(page.getByTestId('save-status')).toHaveText('Не сохранено — сохранится при выходе из поля');
  await typeWithPauses(page, page.getByLabel('Итог ремонта'), ['Заменён ', 'SSD 512 ГБ']);
  await page.getByLabel('Описание').click(); // leave «Итог ремонта»
  await expect(page.getByTestId('save-status')).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('Описание')).toHaveValue('Не включается, запах гари\nпосле грозы');
  await expect(page.getByLabel('Итог ремонта')).toHaveValue('Заменён SSD 512 ГБ');
  const history = page.getByTestId('history');
  await expect(history.getByText('Изменено описание')).toHaveCount(1);
  await expect(history.getByText('Изменён итог ремонта')).toHaveCount(1);
});

test('profile: a name and phone typed with pauses are saved exactly', async ({ page, request }) => {
  await loginViaUi(page, await registerViaApi(request, 'Профилев'));
  const openProfile = () => page.getByTestId('current-user').filter({ visible: true }).click();
  await openProfile();
  const dialog = page.getByRole('dialog', { name: 'Мой профиль' });
  await typeWithPauses(page, dialog.getByLabel('ФИО'), [' Павел', ' Петрович']);
  await typeWithPauses(page, dialog.getByLabel('Телефон'), ['+7 900 ', '000 00 01']);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await openProfile();
  await expect(dialog.getByLabel('ФИО')).toHaveValue('Профилев Павел Петрович');
  await expect(dialog.getByLabel('Телефон')).toHaveValue('+7 900 000 00 01');
});

/**
 * Types a date the way people do on a keyboard, digit by digit, then leaves the field.
 * The test browser has only its en-US locale, so its date field reads ММ/ДД/ГГГГ
 * (a Russian Chromium shows ДД.ММ.ГГГГ; the keys differ, the browser's behaviour does
 * not: it reports 0002-…, 0020-…, 0202-… on the way to the year).
 */
async function typeDate(page: Page, field: Locator, digits: string) {
  await field.focus();
  await page.keyboard.type(digits, { delay: 150 });
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await field.blur();
  expect((await saved).status()).toBe(200);
}

test('a due date typed on the keyboard is saved whole, once: ticket and task', async ({ page, request }) => {
  await loginViaUi(page, await registerViaApi(request, 'Срокова Светлана'));
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Клиент Сроков' } },
    })
  ).json();
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
  });
  await page.goto(`/app/tickets/${ticket.id}`);
  await typeDate(page, page.getByLabel('Срок'), '12152026');
  await page.reload();
  await expect(page.getByLabel('Срок')).toHaveValue('2026-12-15');
  const history = page.getByTestId('history');
  await expect(history.getByText('Изменён срок')).toHaveCount(1);
  await expect(history.getByText('15.12.2026')).toHaveCount(1);
  expect(patches.filter((p) => p.includes('dueDate'))).toHaveLength(1);

  // Only the day: on the way to the 25th the browser reports the 2nd; only the 25th is saved.
  const due = page.getByLabel('Срок');
  await due.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('25', { delay: 150 });
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await due.blur();
  await saved;
  await page.reload();
  await expect(page.getByLabel('Срок')).toHaveValue('2026-12-25');
  await expect(history.getByText('Изменён срок')).toHaveCount(2);
  expect(patches.filter((p) => p.includes('dueDate'))).toHaveLength(2);

  const { task } = await (
    await page.request.post('/api/tasks', { data: { title: 'Срочная задача' } })
  ).json();
  patches.length = 0;
  await page.goto(`/app/tasks/${task.id}`);
  await typeDate(page, page.getByLabel('Срок'), '02012027');
  await page.reload();
  await expect(page.getByLabel('Срок')).toHaveValue('2027-02-01');
  expect(patches.filter((p) => p.includes('dueDate'))).toHaveLength(1);
});

test('a half-typed date is never saved, and the field says so', async ({ page, request }) => {
  await loginViaUi(page, await registerViaApi(request, 'Недописова Нина'));
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'Без срока' } })).json();
  const patches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
  });
  await page.goto(`/app/tasks/${task.id}`);
  const due = page.getByLabel('Срок');
  await due.focus();
  await page.keyboard.type('1215', { delay: 150 });
  await due.blur();
  await expect(page.getByText('Введите дату полностью')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(patches).toEqual([]);
  await page.reload();
  await expect(page.getByLabel('Срок')).toHaveValue('');
});
