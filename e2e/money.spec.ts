import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 50: the money of a repair — lines with exact sums, a prepayment, a refund, «К оплате»;
// an estimate the client approves, the handover with money, and the cash desk's shift.

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
  // A payer for warranty work, who pays instead of the client.
  const payerName = `ООО «Продавец ${token}»`;
  await page.locator('#payers').getByRole('button', { name: 'Добавить плательщика' }).click();
  const payerDialog = page.getByRole('dialog', { name: 'Новый плательщик' });
  await payerDialog.getByRole('textbox', { name: 'Название', exact: true }).fill(payerName);
  await payerDialog.getByLabel('Реквизиты и контакты').fill('ИНН 7701234567');
  await payerDialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.locator('#payers').getByText(payerName)).toBeVisible();

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
  await money.getByRole('combobox', { name: 'Кто платит' }).click();
  await page.getByRole('option', { name: payerName }).click();
  await expect(money.getByRole('combobox', { name: 'Кто платит' })).toHaveValue(payerName);

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

  // The payer's statement lists the repair with what it comes to, was paid and is owed.
  await page.goto('/app/settings');
  await page
    .getByTestId('payer-row')
    .filter({ hasText: payerName })
    .getByRole('link', { name: 'Выписка' })
    .click();
  const statement = page.getByTestId('payer-statement');
  await expect(statement.getByRole('row').filter({ hasText: `Платёжкин Павел ${token}` })).toContainText(
    rub('3 599,00 ₽900,00 ₽2 699,00 ₽'),
  );
});

test('an estimate approved on the status page, a prepayment, the rest at handover, the shift closed matching', async ({
  page,
  browser,
}) => {
  const token = Date.now().toString(36).toUpperCase();
  await loginViaUi(page, ADMIN);
  // A shift another run left open is closed first: this one counts its own drawer.
  const left = (await (await page.request.get('/api/cash/current')).json()).shift;
  if (left) {
    await page.request.post(`/api/cash/shifts/${left.id}/close`, {
      data: { version: left.version, countedCash: left.expectedCash },
    });
  }
  await page.goto('/app/cash');
  await expect(page.getByText('Касса GL Задачи не фискальная', { exact: false })).toBeVisible();
  await page
    .getByTestId('cash-closed')
    .getByRole('textbox', { name: 'Наличные в кассе, ₽', exact: true })
    .fill('1000');
  await page.getByRole('button', { name: 'Открыть смену' }).click();
  await expect(page.getByTestId('cash-expected')).toHaveText(rub('1 000,00 ₽'));

  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName: `Сметов Семён ${token}`, phone: '8 912 000-11-22' },
        device: 'Ноутбук Lenovo',
      },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);
  const money = page.getByTestId('money');
  await money.getByRole('button', { name: '+ Работа' }).click();
  let dialog = page.getByRole('dialog', { name: 'Добавить работу' });
  await dialog.getByRole('combobox', { name: 'Название' }).fill('Замена платы питания');
  await dialog.getByRole('textbox', { name: 'Цена, ₽', exact: true }).fill('5000');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);

  // The estimate goes out as a message with its sum and the link to answer it.
  await money.getByRole('button', { name: 'Отправить смету клиенту' }).click();
  const message = page.getByRole('dialog', { name: 'Сообщение клиенту' });
  await expect(message.getByRole('textbox', { name: 'Текст сообщения' })).toHaveValue(
    /Смета на ремонт по заявке #\d+ \(Ноутбук Lenovo\): 5 000,00 ₽\. Согласовать или отказаться: http/,
  );
  await message.getByRole('button', { name: 'Отмена' }).click();
  await expect(money.getByTestId('estimate-state')).toHaveText('Ждёт ответа клиента');

  // The client, signed out, approves it on the status page.
  const outside = await browser.newContext();
  const client = await outside.newPage();
  await client.goto(new URL(ticket.statusPath, page.url()).toString());
  const estimate = client.getByRole('region', { name: 'Смета' });
  await expect(estimate.getByText(rub('Итого: 5 000,00 ₽'))).toBeVisible();
  await estimate.getByRole('button', { name: 'Согласовать' }).click();
  await expect(client.getByText('Вы согласовали смету')).toBeVisible();
  await outside.close();
  // The card hears of it at once.
  await expect(money.getByTestId('estimate-state')).toContainText('Клиент согласовал');

  // A prepayment in cash; then the final lines.
  await money.getByRole('button', { name: 'Принять оплату' }).click();
  dialog = page.getByRole('dialog', { name: 'Принять оплату' });
  await dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true }).fill('2000');
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await expect(dialog).toHaveCount(0);
  await money.getByRole('button', { name: '+ Запчасть' }).click();
  dialog = page.getByRole('dialog', { name: 'Добавить запчасть' });
  await dialog.getByRole('textbox', { name: 'Название', exact: true }).fill('Разъём питания');
  await dialog.getByRole('textbox', { name: 'Цена, ₽', exact: true }).fill('1500');
  await dialog.getByLabel('Гарантия, дней').fill('30');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(money.getByTestId('money-due')).toHaveText(rub('4 500,00 ₽'));
  await expect(money.getByTestId('estimate-state')).toHaveText(
    'Строки изменились после отправки: отправьте смету заново',
  );

  // Handover: the rest in cash over the closing dialog, then closed.
  for (const status of ['В ремонте', 'Готов к выдаче', 'Оповестить клиента']) {
    await page.getByRole('button', { name: `${status} →` }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText(status);
  }
  await page.getByRole('button', { name: 'Закрыта →' }).click();
  const closing = page.getByRole('dialog', { name: 'Закрыть заявку?' });
  await closing.getByLabel('Итог ремонта').fill('Заменены плата питания и разъём');
  await closing.getByLabel('Гарантия, дней').fill('90');
  // Owing, it does not close until the money is taken or «Выдать в долг» is ticked.
  await expect(closing.getByText(rub('Клиент должен 4 500,00 ₽'))).toBeVisible();
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(closing.getByText('Примите оплату или отметьте «Выдать в долг»')).toBeVisible();
  await closing.getByTestId('closing-debt').getByRole('button', { name: 'Принять оплату' }).click();
  dialog = page.getByRole('dialog', { name: 'Принять оплату' });
  await expect(dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true })).toHaveValue('4500');
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await expect(dialog).toHaveCount(0);
  await closing.getByRole('button', { name: 'Закрыть заявку' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Закрыта');
  // Closed: the lines stay as they were; money can still be taken or given back.
  await expect(money.getByRole('button', { name: '+ Работа' })).toHaveCount(0);
  await expect(money.getByRole('button', { name: 'Возврат' })).toBeVisible();

  // The act: lines, totals, paid and each line's warranty, as the PDF's text reads.
  const pdf = await page.request.get(`/api/tickets/${ticket.id}/documents/act/pdf`);
  const act = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: await pdf.body(),
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');
  for (const expected of [
    'Замена платы питания 1 5 000,00 ₽ — 5 000,00 ₽ 90 дн.',
    'Разъём питания 1 1 500,00 ₽ — 1 500,00 ₽ 30 дн.',
    'Итого: 6 500,00 ₽',
    'Оплачено: 6 500,00 ₽',
    'К оплате: 0,00 ₽',
  ]) {
    expect(act).toContain(expected);
  }

  // The shift: 1 000 at the start, 2 000 and 4 500 taken in cash; counted, it matches.
  await page.goto('/app/cash');
  await expect(page.getByTestId('cash-expected')).toHaveText(rub('7 500,00 ₽'));
  await page.getByRole('button', { name: 'Закрыть смену' }).click();
  dialog = page.getByRole('dialog', { name: 'Закрыть смену' });
  await dialog.getByRole('textbox', { name: 'Наличные по факту, ₽', exact: true }).fill('7500');
  await expect(dialog.getByTestId('close-difference')).toHaveText(rub('Расхождение: 0,00 ₽ (сходится)'));
  await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
  const report = page.getByTestId('shift-report');
  await expect(report.getByTestId('cash-difference')).toHaveText(rub('0,00 ₽ (сходится)'));
  await expect(report.getByTestId('cash-entries')).toContainText(rub('Оплата +4 500,00 ₽'));
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('takings')).toContainText('Наличные');
});
