import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ensureAdmin, expectToast, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function stepForward(page: Page, to: string) {
  await page.getByRole('button', { name: `${to} →` }).click();
  await expect(page.getByRole('button', { name: `← ${to}` })).toHaveCount(0);
}

test('a ticket from intake to closed, with both guards, photo, history, and reopening', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Приёмщикова Полина');
  await loginViaUi(page, account);
  const clientName = `Гарантийный Григорий ${Date.now()}`;

  await page.getByRole('link', { name: 'Гарантийный ремонт', exact: true }).click();
  await expect(page.getByLabel('Гарантийный ремонт')).toBeChecked();
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page.getByText('Заполните ФИО клиента')).toBeVisible();
  await page.getByLabel('ФИО клиента').fill(clientName);
  await page.getByLabel('Телефон клиента').fill('8 (912) 345-62-02');
  await page.getByLabel('Описание').fill('Не включается после грозы');
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page).toHaveURL(/\/app\/tickets\/\d+$/);
  await expect(page.getByRole('heading', { name: /Гарантийный ремонт/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/79123456202',
  );

  await stepForward(page, 'Доставка оформлена');
  // No provider yet: red toast, nothing changes.
  await page.getByRole('button', { name: 'Прибыл в ПВЗ →' }).click();
  await expectToast(page, 'Выберите службу доставки');
  await expect(page.getByRole('button', { name: 'Прибыл в ПВЗ →' })).toBeVisible();
  await page.getByText('СДЭК', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'СДЭК' })).toBeChecked();
  await stepForward(page, 'Прибыл в ПВЗ');
  await expect(page.getByText('Прибыл в ПВЗ · СДЭК')).toBeVisible();

  // The pickup-point photo block exists only in this status.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#39f' } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить фото' }).click();
  await (await chooser).setFiles({ name: 'pvz.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('button', { name: 'Открыть фото pvz.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Открыть фото pvz.jpg' }).click();
  const full = page.getByRole('dialog', { name: 'pvz.jpg' }).getByRole('img', { name: 'pvz.jpg' });
  await expect(full).toBeVisible();
  // The full picture really loaded (a signed-in request for the stored file).
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await page.keyboard.press('Escape');

  await stepForward(page, 'В ремонте');
  await expect(page.getByRole('button', { name: 'Добавить фото' })).toHaveCount(0);
  // The ПВЗ photos stay in view, read-only: they open, nothing deletes them.
  await page.getByRole('button', { name: 'Открыть фото pvz.jpg' }).click();
  const evidence = page.getByRole('dialog', { name: 'pvz.jpg' });
  await expect(evidence.getByRole('img', { name: 'pvz.jpg' })).toBeVisible();
  await expect(evidence.getByRole('button', { name: 'Удалить фото' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByLabel('Итог ремонта').fill('Заменён блок питания');
  await page.getByLabel('Описание').click(); // blur saves
  await stepForward(page, 'Готов к отправке');
  await page.getByRole('button', { name: 'Отнести в ПВЗ →' }).click();
  await expectToast(page, 'Выберите службу доставки');
  await page.getByText('Озон', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Озон' })).toBeChecked();
  await stepForward(page, 'Отнести в ПВЗ');
  await expect(page.getByText('Отнести в ПВЗ · Озон')).toBeVisible();
  await stepForward(page, 'Доставка до клиента');
  await stepForward(page, 'Оповестить клиента');
  // Closing asks first, with the summary the card holds and the type's warranty (issue 49).
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await expect(closing.getByLabel('Итог ремонта')).toHaveValue('Заменён блок питания');
  await expect(closing.getByLabel('Гарантия, дней')).toHaveValue('30');
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(closing).toHaveCount(0);
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  await expect(page.getByText(/гарантия до \d\d\.\d\d\.\d{4}/)).toBeVisible();
  // Read-only now: the fields do not edit.
  await expect(page.getByLabel('Описание')).toBeDisabled();
  await expect(page.getByText(/закрыта \d\d\.\d\d\.\d{4}/)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Итог ремонта')).toHaveValue('Заменён блок питания');
  const history = page.getByTestId('history');
  for (const line of [
    'Новая → Доставка оформлена',
    'Доставка оформлена → Прибыл в ПВЗ',
    'Прибыл в ПВЗ → В ремонте',
    'В ремонте → Готов к отправке',
    'Готов к отправке → Отнести в ПВЗ',
    'Отнести в ПВЗ → Доставка до клиента',
    'Доставка до клиента → Оповестить клиента',
    'Оповестить клиента → Закрыта',
  ]) {
    await expect(history.getByText(line)).toBeVisible();
  }
  for (const label of [
    'Заявка создана',
    'Выбрана служба доставки',
    'Выбрана служба возврата',
    'Загружено фото из ПВЗ',
    'Изменён итог ремонта',
  ]) {
    await expect(history.getByText(label)).toBeVisible();
  }

  // «Открыть заново» takes a reason and returns it to where it was closed from.
  await page.getByRole('button', { name: 'Открыть заново' }).click();
  const reopening = page.getByRole('dialog', { name: 'Открыть заявку заново?' });
  await reopening.getByRole('button', { name: 'Открыть заново' }).click();
  await expect(reopening.getByText('Укажите, почему заявку открывают заново')).toBeVisible();
  await reopening.getByLabel('Причина').fill('Клиент не забрал: перепутали адрес');
  await reopening.getByRole('button', { name: 'Открыть заново' }).click();
  await expect(page.getByText('Оповестить клиента · Озон')).toBeVisible();
  await expect(history.getByText('Клиент не забрал: перепутали адрес')).toBeVisible();
  await expect(page.getByLabel('Описание')).toBeEnabled();
  await expect(page.getByText(/закрыта \d\d\.\d\d/)).toHaveCount(0);

  // The list finds it by the client's name; deleting asks first.
  await page.goto(`/app/tickets?q=${encodeURIComponent(clientName)}`);
  await page.getByTestId('ticket-row').first().click();
  await page.getByRole('button', { name: 'Удалить заявку' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить заявку?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(page).toHaveURL(/\/app\/tickets$/);
});

test('a step from a stale screen shows the other person’s change instead of overwriting it', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Первый Пётр');
  // Live updates would refresh the screen first; without them (a lagging connection)
  // the screen is stale, which is the case this test is about.
  await page.route('**/api/events', (route) => route.abort());
  await loginViaUi(page, account);
  const created = await page.request.post('/api/tickets', {
    data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Устаревший Ульян', phone: '' } },
  });
  const { ticket } = await created.json();
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByRole('button', { name: 'Доставка оформлена →' })).toBeVisible();

  // Someone else moves it meanwhile.
  const otherPerson = await registerViaApi(request, 'Второй Василий');
  const login = await request.post('/api/auth/login', {
    data: { email: otherPerson.email, password: otherPerson.password },
  });
  expect(login.status()).toBe(200);
  const moved = await request.post(`/api/tickets/${ticket.id}/step`, {
    data: { direction: 'forward', expectedStatus: 'new' },
  });
  expect(moved.status()).toBe(200);

  await page.getByRole('button', { name: 'Доставка оформлена →' }).click();
  await expect(page.getByText('Заявка уже изменена другим сотрудником')).toBeVisible();
  // The screen now shows the ticket as it really is.
  await expect(page.getByRole('button', { name: 'Прибыл в ПВЗ →' })).toBeVisible();
});
