import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 50: the money of a repair — lines with exact sums, a prepayment, a refund, «К оплате».

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

const rub = (text: string) => text.replace(/ /g, '\u00a0');

test('works and parts with exact sums, a prepayment and a refund, «К оплате» on the card', async ({
  page,
}) => {
  const token = Date.now().toString(36).toUpperCase();
  await loginViaUi(page, ADMIN);
  const serviceName = `Замена экрана ${token}`;
  await page.goto('/app/settings');
  await page.locator('#services').getByRole('button', { name: 'Добавить услугу' }).click();
  const serviceDialog = page.getByRole('dialog', { name: 'Новая услуга' });
  await serviceDialog.getByRole('textbox', { name: 'Название', exact: true }).fill(serviceName);
  await serviceDialog.getByRole('textbox', { name: 'Цена, ₽', exact: true }).fill('3500');
  await serviceDialog.getByLabel('Гарантия, дней').fill('90');
  await serviceDialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.locator('#services').getByText(rub('3 500,00 ₽ · гарантия: 90 дн.'))).toBeVisible();

  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName: `Платёжкин Павел ${token}` },
      },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);
  const money = page.getByTestId('money');
  await expect(money.getByText('Работ и запчастей пока нет.')).toBeVisible();

  await money.getByRole('button', { name: '+ Работа' }).click();
  let dialog = page.getByRole('dialog', { name: 'Добавить работу' });
  // The work comes from the catalogue, with its price and warranty.
  await dialog.getByRole('combobox', { name: 'Название' }).fill(token);
  await page.getByRole('option', { name: serviceName }).click();
  await expect(dialog.getByRole('textbox', { name: 'Цена, ₽', exact: true })).toHaveValue('3500');
  await expect(dialog.getByLabel('Гарантия, дней')).toHaveValue('90');
  await expect(dialog.getByTestId('line-preview')).toHaveText(rub('Сумма: 3 500,00 ₽'));
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);

  await money.getByRole('button', { name: '+ Запчасть' }).click();
  dialog = page.getByRole('dialog', { name: 'Добавить запчасть' });
  await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill('Шлейф');
  await dialog.getByLabel('Количество').fill('3');
  await dialog.getByRole('textbox', { name: 'Цена, ₽', exact: true }).fill('33,33');
  await dialog.getByLabel('Скидка, ₽').fill('0,99');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(money.getByTestId('money-line')).toHaveCount(2);
  await expect(money.getByTestId('money-totals')).toContainText(rub('Итого3 599,00 ₽'));
  await expect(money.getByTestId('money-due')).toHaveText(rub('3 599,00 ₽'));

  // A prepayment by card, less than the total.
  await money.getByRole('button', { name: 'Принять оплату' }).click();
  dialog = page.getByRole('dialog', { name: 'Принять оплату' });
  await expect(dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true })).toHaveValue('3599');
  await dialog.getByText('Карта', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Карта' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true }).fill('1000');
  await dialog.getByLabel('Комментарий').fill('Предоплата');
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(money.getByTestId('money-due')).toHaveText(rub('2 599,00 ₽'));
  await expect(money.getByTestId('payments')).toContainText(rub('Оплата 1 000,00 ₽ · Карта'));

  // A refund over what was paid is refused, in words; a smaller one goes through.
  await money.getByRole('button', { name: 'Возврат' }).click();
  dialog = page.getByRole('dialog', { name: 'Возврат клиенту' });
  await dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true }).fill('1000,01');
  await dialog.getByRole('textbox', { name: 'Причина возврата', exact: true }).fill('Ошибся суммой');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  await expect(dialog.getByText('Вернуть можно не больше, чем оплачено')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true }).fill('100');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(money.getByTestId('money-due')).toHaveText(rub('2 699,00 ₽'));

  // History names each line and payment; a reload shows the same sums.
  const history = page.getByTestId('history');
  await expect(history.getByText('Добавлена строка').first()).toBeVisible();
  await expect(history.getByText('Принята оплата')).toBeVisible();
  await expect(history.getByText('Оформлен возврат')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('money').getByTestId('money-due')).toHaveText(rub('2 699,00 ₽'));

  // The worklist's table says what each repair still owes.
  await page.goto('/app/work');
  await page.getByText('Таблица', { exact: true }).click();
  const row = page.getByTestId('work-row').filter({ hasText: `Платёжкин Павел ${token}` });
  await expect(row.getByTestId('work-due')).toHaveText(rub('2 699,00 ₽'));

  // Handing over: owing, «Закрыть заявку?» asks for the money or «Выдать в долг»; paid, it closes.
  await page.goto(`/app/tickets/${ticket.id}`);
  for (const status of ['В ремонте', 'Готов к выдаче', 'Оповестить клиента']) {
    await page.getByRole('button', { name: `${status} →` }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText(status);
  }
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await expect(closing.getByText(rub('Клиент должен 2 699,00 ₽'))).toBeVisible();
  await closing.getByLabel('Итог ремонта').fill('Заменён экран и шлейф');
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(closing.getByText('Примите оплату или отметьте «Выдать в долг»')).toBeVisible();
  // The rest is taken right here, over the closing dialog; then it closes.
  await closing.getByTestId('closing-debt').getByRole('button', { name: 'Принять оплату' }).click();
  dialog = page.getByRole('dialog', { name: 'Принять оплату' });
  await expect(dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true })).toHaveValue('2699');
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(closing.getByTestId('closing-debt')).toHaveCount(0);
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  await expect(page.getByTestId('money-due')).toHaveText(rub('0,00 ₽'));
  // Closed: the lines stay as they were; money can still be taken or given back.
  await expect(page.getByTestId('money').getByRole('button', { name: '+ Работа' })).toHaveCount(0);
  await expect(page.getByTestId('money').getByRole('button', { name: 'Возврат' })).toBeVisible();
});
