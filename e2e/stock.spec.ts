import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 51: goods received, a part taken by one repair and written off at its handover, a part
// given back by another repair, a stocktaking with a difference, and a part found by its barcode.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** A new walk-in ticket, through the API (the journey is about its parts). */
async function newTicket(page: Page, fullName: string): Promise<number> {
  const response = await page.request.post('/api/tickets', {
    data: { title: 'Гарантийный ремонт', intake: 'walk_in', client: { mode: 'new', fullName } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).ticket.id;
}

/** On a ticket's card: «+ Запчасть» picked from stock by a fragment of its article. */
async function takeFromStock(page: Page, ticketId: number, fragment: string, partName: string) {
  await page.goto(`/app/tickets/${ticketId}`);
  const money = page.getByTestId('money');
  await money.getByRole('button', { name: '+ Запчасть' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить запчасть' });
  await dialog.getByRole('combobox', { name: 'Со склада' }).fill(fragment);
  await page.getByRole('option', { name: new RegExp(partName) }).click();
  await expect(dialog.getByTestId('line-stock')).toContainText('Со склада');
  await expect(dialog.getByRole('textbox', { name: 'Название', exact: true })).toHaveValue(partName);
  await expect(dialog.getByRole('textbox', { name: 'Цена, ₽', exact: true })).toHaveValue('4500');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(money.getByTestId('money-line').filter({ hasText: partName })).toContainText(
    'со склада, в резерве',
  );
}

async function expectStock(page: Page, partId: number, onHand: number, reserved: number) {
  await page.goto(`/app/stock/parts/${partId}`);
  const stock = page.getByTestId('part-stock');
  await expect(stock).toContainText(`На складе${onHand} шт`);
  await expect(stock).toContainText(`В резерве${reserved} шт`);
}

test('receive goods, use a part, hand over, give one back, count with a difference, find by barcode', async ({
  page,
}) => {
  // The whole stock loop, screen by screen: about a minute on a quiet machine.
  test.setTimeout(120_000);
  const token = Date.now().toString(36).toUpperCase();
  const partName = `Экран iPhone 11 ${token}`;
  const article = `SCR-${token}`;
  const place = `Шкаф ${token}`;
  const barcode = `46${Date.now().toString().slice(-10)}`;
  await loginViaUi(page, ADMIN);

  // A new part of the catalogue, from «Склад».
  await page.getByRole('link', { name: 'Склад' }).first().click();
  await expect(page.getByRole('heading', { name: 'Склад' })).toBeVisible();
  await page.getByRole('button', { name: 'Новая запчасть' }).click();
  const partDialog = page.getByRole('dialog', { name: 'Новая запчасть' });
  await partDialog.getByRole('textbox', { name: 'Название', exact: true }).fill(partName);
  await partDialog.getByLabel('Артикул').fill(article);
  await partDialog.getByLabel('Штрихкод').fill(barcode);
  await partDialog.getByLabel('Совместимые модели').fill('iPhone 11, iPhone XR');
  await partDialog.getByRole('textbox', { name: 'Цена продажи, ₽' }).fill('4500');
  await partDialog.getByLabel('Минимум').fill('1');
  await partDialog.getByRole('combobox', { name: 'Место хранения' }).fill(place);
  await partDialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.getByRole('heading', { name: partName })).toBeVisible();
  const partId = Number(new URL(page.url()).pathname.split('/').pop());

  // Goods received: three at 2 000 ₽.
  await page.goto('/app/stock/receipts/new');
  await page.getByRole('combobox', { name: 'Добавить запчасть' }).fill(article);
  await page.getByRole('option', { name: new RegExp(partName) }).click();
  const line = page.getByTestId('receipt-line').filter({ hasText: partName });
  await line.getByLabel('Количество, шт').fill('3');
  await line.getByRole('textbox', { name: 'Цена закупки, ₽' }).fill('2000');
  await expect(page.getByText('Итого: 6\u00a0000,00\u00a0₽')).toBeVisible();
  await page.getByRole('button', { name: 'Провести поступление' }).click();
  await expect(page.getByRole('heading', { name: 'Поступления' })).toBeVisible();
  await expect(page.getByTestId('receipt-row').first()).toContainText(
    `${partName}: 3 × 2\u00a0000,00\u00a0₽`,
  );
  await expectStock(page, partId, 3, 0);

  // One repair takes a part and hands the device over: the part leaves the shelf.
  const first = await newTicket(page, `Складов Семён ${token}`);
  await takeFromStock(page, first, article, partName);
  await expectStock(page, partId, 3, 1);
  await page.goto(`/app/tickets/${first}`);
  for (const status of ['В ремонте', 'Готов к выдаче', 'Оповестить клиента']) {
    await page.getByRole('button', { name: `${status} →` }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText(status);
  }
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await closing.getByLabel('Итог ремонта').fill('Заменён экран');
  await closing.getByLabel('Выдать в долг').check();
  await closing.getByLabel('Почему в долг').fill('Оплатит завтра');
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  await expect(page.getByTestId('money-line').filter({ hasText: partName })).toContainText(
    'со склада, списана',
  );
  await expectStock(page, partId, 2, 0);

  // Another repair takes one, then the line is removed: it goes back to the shelf.
  const second = await newTicket(page, `Возвратов Василий ${token}`);
  await takeFromStock(page, second, article, partName);
  await expectStock(page, partId, 2, 1);
  await page.goto(`/app/tickets/${second}`);
  await page.getByRole('button', { name: `Удалить строку «${partName}»` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByTestId('money-line')).toHaveCount(0);
  await expectStock(page, partId, 2, 0);
  const moves = page.getByTestId('part-moves');
  await expect(moves.getByRole('row').nth(1)).toContainText('Возврат на склад');
  await expect(moves).toContainText('Списание');
  await expect(moves).toContainText(`Заявка #${first}`);

  // Stocktaking: one is missing.
  await page.goto('/app/stock/count');
  await page.getByRole('combobox', { name: 'Место хранения' }).click();
  await page.getByRole('option', { name: new RegExp(place) }).click();
  const sheet = page.getByTestId('count-sheet');
  await sheet.getByLabel(`Посчитано: ${partName}`).fill('1');
  await expect(sheet.getByRole('row').filter({ hasText: partName })).toContainText('−1');
  await page.getByRole('button', { name: 'Провести инвентаризацию' }).click();
  await expect(page.getByText('Укажите причину расхождения')).toBeVisible();
  await page.getByLabel('Причина расхождений').fill('Разбит при хранении');
  await page.getByRole('button', { name: 'Провести инвентаризацию' }).click();
  await expect(page.getByText('Исправлено расхождений: 1.')).toBeVisible();
  await expectStock(page, partId, 1, 0);
  await expect(page.getByTestId('part-moves')).toContainText('Инвентаризация: Разбит при хранении');

  // Found by its barcode, typed as a USB scanner types it (the code, then Enter).
  await page.goto('/app/stock');
  await page.getByRole('searchbox', { name: 'Поиск запчастей' }).fill(barcode);
  await page.getByRole('searchbox', { name: 'Поиск запчастей' }).press('Enter');
  await expect(page.getByRole('heading', { name: partName })).toBeVisible();
  await expect(page.getByTestId('part-stock')).toContainText('Свободно1 шт');

  // Its label prints the same code.
  await page.getByRole('link', { name: 'Этикетка' }).click();
  await expect(page.getByRole('img', { name: `Штрихкод ${barcode}` })).toBeVisible();
});
