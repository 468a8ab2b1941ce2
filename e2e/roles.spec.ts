import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createScratchDatabase } from '../src/server/test/scratch-postgres';
import { spawnServer } from '../src/server/test/spawn-server';
import { ADMIN, E2E_INVITE_CODE, E2E_PASSWORD, loginViaUi, uniqueEmail } from './fixtures';
import { APP_PORT } from './ports';

// Issue 52: a Мастер cannot refund or export, a Приёмщик cannot adjust stock, and when the owner
// switches a permission on «Сотрудники» the Мастер's open card follows without a reload. Once on
// the journeys' SQLite server and once on a server of its own on PostgreSQL.

type Account = { displayName: string; email: string; password: string };

interface Shop {
  base: string;
  owner: Account;
  stop: () => Promise<void>;
}

async function sqliteShop(browser: Browser): Promise<Shop> {
  const base = `http://127.0.0.1:${APP_PORT}`;
  const context = await browser.newContext({ baseURL: base });
  // The journeys' server: its first account is ADMIN, whoever got there first.
  const registered = await context.request.post('/api/auth/register', {
    data: { ...ADMIN, inviteCode: E2E_INVITE_CODE },
  });
  expect([201, 409]).toContain(registered.status());
  await context.close();
  return { base, owner: ADMIN, stop: async () => {} };
}

async function postgresShop(url: string, browser: Browser): Promise<Shop> {
  const database = await createScratchDatabase(url, 'glz_roles');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-roles-'));
  const server = await spawnServer(dataDir, {
    DATABASE_URL: database.databaseUrl,
    INVITE_CODE: E2E_INVITE_CODE,
  });
  const owner = { displayName: 'Владелицева Вера', email: uniqueEmail('owner'), password: E2E_PASSWORD };
  const context = await browser.newContext({ baseURL: server.url });
  expect(
    (
      await context.request.post('/api/auth/register', { data: { ...owner, inviteCode: E2E_INVITE_CODE } })
    ).status(),
  ).toBe(201);
  await context.close();
  return {
    base: server.url,
    owner,
    stop: async () => {
      await server.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A person's own browser, signed in on the shop. */
async function signedIn(
  browser: Browser,
  shop: Shop,
  account: Account,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: shop.base,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  const page = await context.newPage();
  await loginViaUi(page, account);
  return { context, page };
}

async function register(
  browser: Browser,
  shop: Shop,
  displayName: string,
): Promise<Account & { id: number }> {
  const account = { displayName, email: uniqueEmail('role'), password: E2E_PASSWORD };
  const context = await browser.newContext({ baseURL: shop.base });
  const response = await context.request.post('/api/auth/register', {
    data: { ...account, inviteCode: E2E_INVITE_CODE },
  });
  expect(response.status()).toBe(201);
  const { user } = await response.json();
  await context.close();
  return { ...account, id: user.id };
}

async function journey(browser: Browser, shop: Shop) {
  const masterAccount = await register(browser, shop, 'Мастеров Максим');
  const receptionistAccount = await register(browser, shop, 'Приёмова Полина');
  const owner = await signedIn(browser, shop, shop.owner);

  // The owner gives the roles on «Сотрудники»: a Select per person.
  await owner.page.goto('/app/employees');
  for (const [account, label] of [
    [masterAccount, 'Мастер'],
    [receptionistAccount, 'Приёмщик'],
  ] as const) {
    const select = owner.page
      .getByTestId(`employee-${account.email}`)
      .getByRole('combobox', { name: `Роль: ${account.displayName}` })
      .filter({ visible: true });
    await select.click();
    await owner.page.getByRole('option', { name: label, exact: true }).click();
    // The owner is told the person will be signed out, and confirms.
    const confirm = owner.page.getByRole('dialog', { name: 'Сменить роль?' });
    await expect(confirm).toContainText('выйдет из системы на всех устройствах');
    await confirm.getByRole('button', { name: 'Сменить' }).click();
    await expect(owner.page.getByText('Роль изменена').first()).toBeVisible();
    await expect(select).toHaveValue(label);
  }

  // A repair the client has paid 1 000 ₽ for.
  const created = await owner.page.request.post('/api/tickets', {
    data: {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Ролевой Роман' },
    },
  });
  const ticketId = (await created.json()).ticket.id as number;
  const paid = await owner.page.request.post(`/api/tickets/${ticketId}/payments`, {
    data: { kind: 'payment', method: 'cash', amount: 100000 },
  });
  expect(paid.status()).toBe(201);

  // The Мастер: no money buttons, no deleting, no CSV, none of the owner's screens; the server agrees.
  const master = await signedIn(browser, shop, masterAccount);
  await expect(master.page.getByRole('link', { name: 'Выгрузить в CSV' })).toHaveCount(0);
  for (const section of ['Касса', 'Настройки', 'Сотрудники']) {
    await expect(master.page.getByRole('link', { name: section })).toHaveCount(0);
  }
  await master.page.goto(`/app/tickets/${ticketId}`);
  const money = master.page.getByTestId('money');
  await expect(money.getByTestId('payments')).toContainText('Оплата');
  await expect(money.getByRole('button', { name: 'Возврат' })).toHaveCount(0);
  await expect(money.getByRole('button', { name: 'Принять оплату' })).toHaveCount(0);
  await expect(master.page.getByRole('button', { name: 'Удалить заявку' })).toHaveCount(0);
  const refundTry = await master.page.request.post(`/api/tickets/${ticketId}/refunds`, {
    data: { kind: 'refund', method: 'cash', amount: 100, note: 'Проба' },
  });
  expect(refundTry.status()).toBe(403);
  expect((await refundTry.json()).error.message).toContain('Оформлять возврат денег');
  expect((await master.page.request.get('/api/export/clients.csv')).status()).toBe(403);

  // The Приёмщик takes money but does not receive or count stock.
  const receptionist = await signedIn(browser, shop, receptionistAccount);
  await receptionist.page.goto('/app/stock');
  await expect(receptionist.page.getByRole('heading', { name: 'Склад' })).toBeVisible();
  await expect(receptionist.page.getByRole('link', { name: 'Поступление' })).toHaveCount(0);
  await receptionist.page.goto('/app/stock/count');
  await expect(receptionist.page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await expect(receptionist.page.getByText('«Склад: приход, инвентаризация')).toBeVisible();
  const countTry = await receptionist.page.request.post('/api/stock/counts', {
    data: { place: '', lines: [] },
  });
  expect(countTry.status()).toBe(403);
  await receptionist.page.goto(`/app/tickets/${ticketId}`);
  await expect(
    receptionist.page.getByTestId('money').getByRole('button', { name: 'Принять оплату' }),
  ).toBeVisible();
  await expect(receptionist.page.getByTestId('money').getByRole('button', { name: 'Возврат' })).toHaveCount(
    0,
  );

  // The owner lets the Мастер refund: the Мастер's open card offers «Возврат» without a reload.
  await owner.page.goto('/app/employees');
  const roles = owner.page.getByTestId('roles-card');
  await roles.getByText('Мастер', { exact: true }).click();
  const refunds = roles.getByRole('switch', { name: 'Оформлять возврат денег' });
  await expect(refunds).not.toBeChecked();
  await refunds.click();
  await expect(owner.page.getByText('Мастер: «Оформлять возврат денег» — разрешено')).toBeVisible();
  await expect(money.getByRole('button', { name: 'Возврат' })).toBeVisible();
  await money.getByRole('button', { name: 'Возврат' }).click();
  const dialog = master.page.getByRole('dialog', { name: 'Возврат клиенту' });
  await dialog.getByRole('textbox', { name: 'Сумма, ₽', exact: true }).fill('150');
  await dialog.getByRole('textbox', { name: 'Причина возврата', exact: true }).fill('Скидка за ожидание');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(money.getByTestId('payments')).toContainText('Возврат');

  // And takes it back: the button goes from the open card, and the server refuses again.
  await refunds.click();
  await expect(owner.page.getByText('Мастер: «Оформлять возврат денег» — запрещено')).toBeVisible();
  await expect(money.getByRole('button', { name: 'Возврат' })).toHaveCount(0);
  const again = await master.page.request.post(`/api/tickets/${ticketId}/refunds`, {
    data: { kind: 'refund', method: 'cash', amount: 100, note: 'Проба' },
  });
  expect(again.status()).toBe(403);

  // «Отчёты» is the owner's here, with the accountant's journals; the Мастер has no way in.
  await owner.page.getByRole('navigation').getByRole('link', { name: 'Отчёты' }).click();
  await expect(owner.page.getByRole('heading', { name: 'Отчёты' })).toBeVisible();
  await owner.page.getByRole('tab', { name: 'Журналы' }).click();
  await expect(owner.page.getByRole('link', { name: 'Оплаты и возвраты (CSV)' })).toBeVisible();
  await owner.page.getByRole('tab', { name: 'Выручка' }).click();
  // This month's takings hold today's payment and the Мастер's refund.
  const takings = owner.page.getByTestId('takings-report');
  await expect(takings.getByTestId('takings-report-net')).toBeVisible();
  await expect(takings.getByTestId('takings-by-Кто принял')).toContainText('Мастеров Максим');
  await expect(master.page.getByRole('link', { name: 'Отчёты' })).toHaveCount(0);

  for (const person of [owner, master, receptionist]) await person.context.close();
}

for (const kind of ['sqlite', 'postgres'] as const) {
  test.describe(kind, () => {
    const url = process.env.TEST_DATABASE_URL;
    if (kind === 'postgres') test.skip(!url, 'needs PostgreSQL (TEST_DATABASE_URL)');
    let shop: Shop | undefined;

    test.afterAll(async () => {
      await shop?.stop();
    });

    test('a Мастер cannot refund or export, a Приёмщик cannot count stock; the owner’s switch reaches an open card', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      shop = kind === 'sqlite' ? await sqliteShop(browser) : await postgresShop(url as string, browser);
      await journey(browser, shop);
    });
  });
}
