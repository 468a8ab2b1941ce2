import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { ADMIN, E2E_INVITE_CODE, E2E_PASSWORD, ensureAdmin, loginViaUi, uniqueEmail } from './fixtures';

// Issue 53: the owner opens each report, changes the period, downloads a report as CSV and as
// .xlsx (read back), sets a master's pay rule, reads the month's statement and marks it paid.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** A walk-in repair for `assigneeId` with one work line, closed «в долг» through the API. */
async function closedRepair(page: Page, assigneeId: number, fullName: string, device: string) {
  const created = await page.request.post('/api/tickets', {
    data: { title: 'Замена SSD', intake: 'walk_in', client: { mode: 'new', fullName }, device, assigneeId },
  });
  expect(created.status()).toBe(201);
  let ticket = (await created.json()).ticket;
  const line = await page.request.post(`/api/tickets/${ticket.id}/lines`, {
    data: { kind: 'work', name: 'Замена SSD', price: 300000 },
  });
  expect(line.status()).toBe(201);
  while (ticket.status !== 'closed') {
    const stepped = await page.request.post(`/api/tickets/${ticket.id}/step`, {
      data: {
        direction: 'forward',
        expectedStatus: ticket.status,
        repairSummary: 'Готово',
        onCredit: 'Завтра',
      },
    });
    expect(stepped.status()).toBe(200);
    ticket = (await stepped.json()).ticket;
  }
  return ticket.id as number;
}

async function download(page: Page, card: ReturnType<Page['getByTestId']>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

test('each report over a period, CSV and .xlsx, and a master’s pay marked paid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = Date.now().toString(36).toUpperCase();
  const masterName = `Мастеров ${token}`;
  const masterEmail = uniqueEmail('master');
  const registered = await request.post('/api/auth/register', {
    data: {
      displayName: masterName,
      email: masterEmail,
      password: E2E_PASSWORD,
      inviteCode: E2E_INVITE_CODE,
    },
  });
  expect(registered.status()).toBe(201);
  const masterId = (await registered.json()).user.id as number;

  await loginViaUi(page, ADMIN);
  const device = `Pixel ${token}`;
  const ticketId = await closedRepair(page, masterId, `Отчётов ${token}`, device);

  await page.getByRole('navigation').getByRole('link', { name: 'Отчёты' }).click();
  await expect(page.getByRole('heading', { name: 'Отчёты' })).toBeVisible();

  // «Выручка» opens first; the period is this month.
  await expect(page.getByTestId('takings-report')).toBeVisible();

  // «Маржа»: the repair closed today is in the list with its 3 000 ₽.
  await page.getByRole('tab', { name: 'Маржа' }).click();
  const margin = page.getByTestId('margin-report');
  const row = margin
    .getByTestId('margin-rows')
    .getByRole('row')
    .filter({ hasText: `#${ticketId}` });
  await expect(row).toContainText('3\u00a0000,00\u00a0₽');
  const xlsx = await download(page, margin, 'Скачать Excel');
  expect(xlsx.name).toMatch(/^otchet-marzha-\d{4}-\d\d-\d\d\.xlsx$/);
  const sheets = await readXlsxFile(fs.readFileSync(xlsx.path));
  expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Маржа', 'Средний чек', 'Заявки']);
  const tickets = sheets[2]!.data;
  expect(tickets.find((cells) => cells[0] === `#${ticketId}`)).toEqual(
    expect.arrayContaining([device, `Отчётов ${token}`, masterName, 3000]),
  );
  const csv = await download(page, margin, 'Скачать CSV');
  expect(csv.name).toMatch(/\.csv$/);
  const text = fs.readFileSync(csv.path, 'utf8');
  expect(text.startsWith('\uFEFFМаржа')).toBe(true);
  expect(text).toContain(`#${ticketId};`);

  // Another period: last year has none of it.
  await page.getByRole('textbox', { name: 'С', exact: true }).fill('2025-01-01');
  await page.getByRole('textbox', { name: 'По', exact: true }).fill('2025-01-31');
  await expect(margin.getByText('За этот период заявок не закрывали.')).toBeVisible();
  await page.getByRole('textbox', { name: 'С', exact: true }).fill('2025-03-01');
  await expect(page.getByRole('alert')).toContainText('Период');
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
  await page.getByRole('textbox', { name: 'С', exact: true }).fill(`${today.slice(0, 8)}01`);
  await page.getByRole('textbox', { name: 'По', exact: true }).fill(today);

  // «Долги»: the repair handed over «в долг».
  await page.getByRole('tab', { name: 'Долги' }).click();
  await expect(
    page
      .getByTestId('unpaid-rows')
      .getByRole('row')
      .filter({ hasText: `#${ticketId}` }),
  ).toContainText('Закрыта');
  // «Модели»: the device typed on it.
  await page.getByRole('tab', { name: 'Модели' }).click();
  await expect(page.getByTestId('models-rows').getByRole('row').filter({ hasText: device })).toContainText(
    '1',
  );
  // «Сроки»: the statuses it went through.
  await page.getByRole('tab', { name: 'Сроки' }).click();
  await expect(page.getByTestId('durations-statuses')).toContainText('В ремонте');
  const durations = await download(page, page.getByTestId('durations-report'), 'Скачать Excel');
  expect((await readXlsxFile(fs.readFileSync(durations.path))).map((s) => s.sheet)).toEqual([
    'Статусы',
    'Этапы',
  ]);

  // «Зарплаты»: a rule of 40 % of works and 100 ₽ a repair; the month's statement; paid.
  await page.getByRole('tab', { name: 'Зарплаты' }).click();
  const person = page.getByTestId(`pay-person-${masterId}`);
  await person.getByRole('button', { name: 'Правило' }).click();
  const ruleDialog = page.getByRole('dialog', { name: `Как платим: ${masterName}` });
  await ruleDialog.getByLabel('Доля работ, %').fill('40');
  await ruleDialog.getByLabel('За каждый закрытый ремонт, ₽').fill('100');
  await ruleDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(ruleDialog).toHaveCount(0);
  await expect(person).toContainText('40 % работ, 100,00\u00a0₽ за ремонт');
  // 40 % of 3 000 ₽ and 100 ₽.
  await expect(person).toContainText('1\u00a0300,00\u00a0₽');
  await person.getByRole('button', { name: masterName }).click();
  const statement = page.getByTestId('pay-statement');
  await expect(statement.getByTestId('pay-lines')).toContainText(`#${ticketId}`);
  await expect(statement.getByTestId('pay-total')).toHaveText('1\u00a0300,00\u00a0₽');
  const payFile = await download(page, statement, 'Скачать Excel');
  const [paySheet] = await readXlsxFile(fs.readFileSync(payFile.path));
  expect(paySheet!.data.at(-1)).toEqual(['Итого', null, null, null, null, 1300]);
  await statement.getByRole('button', { name: 'Отметить выплаченной' }).click();
  await page
    .getByRole('dialog', { name: 'Отметить выплаченной?' })
    .getByRole('button', { name: 'Выплачено' })
    .click();
  await expect(statement.getByTestId('pay-paid')).toContainText('Выплачено');
  await expect(statement.getByRole('button', { name: 'Отметить выплаченной' })).toHaveCount(0);

  // The master reads their own month on «Сводка» and on «Моя зарплата», with nothing to press.
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const own = await context.newPage();
  await loginViaUi(own, { email: masterEmail, password: E2E_PASSWORD });
  await own.getByRole('navigation').getByRole('link', { name: 'Сводка' }).click();
  await expect(own.getByTestId('my-pay')).toContainText('1\u00a0300,00\u00a0₽');
  await own.getByTestId('my-pay').getByRole('link', { name: 'Подробнее' }).click();
  await expect(own.getByRole('heading', { name: 'Моя зарплата' })).toBeVisible();
  await expect(own.getByTestId('pay-total')).toHaveText('1\u00a0300,00\u00a0₽');
  await expect(own.getByTestId('pay-paid')).toContainText('Выплачено');
  await expect(own.getByRole('columnheader', { name: 'Маржа' })).toHaveCount(0);
  await context.close();
});
