// `npm run screenshots`: the main screens on a 390 × 844 phone and a 1440 × 900 desktop,
// from a real server on a seeded SQLite database, into docs/images (shown in the README).
// Run after `npm run build`. Same seed, same pictures: the data is generated from a fixed seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { startServer } from './lib/bench-kit';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const PORT = 3196;
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = 'docs/images';
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
} as const;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-shots-'));
const database = openDatabase(`sqlite:${path.join(dataDir, 'gl-zadachi.sqlite')}`);
await migrateToLatest(database);
const [adminEmail] = await seed(database.db, { tickets: 400, tasks: 300, clients: 150 });
await database.destroy();

const server = await startServer(PORT, { DATA_DIR: dataDir, INVITE_CODE: 'screenshots' });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const [size, options] of Object.entries(SIZES)) {
    const context = await browser.newContext({
      ...options,
      baseURL: BASE,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const shot = async (name: string) => {
      await page
        .locator('[aria-busy="true"]')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.waitForLoadState('networkidle');
      const file = path.join(OUT, `${name}-${size}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
    };
    const open = async (url: string) => {
      await page.goto(url);
      await page.getByRole('heading').first().waitFor();
    };

    await open('/login');
    await shot('login');
    await page.getByLabel('E-mail').fill(adminEmail!);
    await page.getByLabel('Пароль').fill(SEED_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/work/);
    await page.getByTestId('work-row').first().waitFor();
    await shot('worklist');
    if (size === 'desktop') {
      await page.getByText('Таблица', { exact: true }).click();
      await page.getByTestId('work-table').waitFor();
      await shot('worklist-table');
      await page.getByText('Карточки', { exact: true }).click();
    }

    const { profile } = await (await page.request.get('/api/settings/shop')).json();
    if (profile.version === 1) {
      const saved = await page.request.put('/api/settings/shop', {
        headers: { 'x-requested-with': 'fetch' },
        data: {
          version: 1,
          name: 'Сервисный центр «Ремонт-Плюс»',
          legalName: 'ИП Сидоров Сергей Петрович',
          inn: '770123456789',
          ogrn: '312774600012345',
          address: 'г. Москва, ул. Профсоюзная, д. 10',
          phone: '+7 495 123-45-67',
          hours: 'Пн–Сб 10:00–20:00',
          receiptTerms:
            'Диагностика бесплатна при согласии на ремонт. Устройство хранится 30 дней после извещения о готовности.',
        },
      });
      if (!saved.ok()) throw new Error(`shop profile: ${saved.status()} ${await saved.text()}`);
    }

    const work = await (await page.request.get('/api/work?type=tickets&limit=20')).json();
    const ticket = work.items.find((i: { clientName: string }) => i.clientName) ?? work.items[0];
    await open(`/app/tickets/${ticket.id}`);
    await shot('ticket');
    const { ticket: detail } = await (await page.request.get(`/api/tickets/${ticket.id}`)).json();
    if (detail.clientId) {
      await open(`/app/clients/${detail.clientId}`);
      await shot('client');
    }
    await open(`/app/tickets/${ticket.id}/print/receipt`);
    await shot('print-receipt');
    // What the client sees at the ticket's link (no sign-in needed).
    await open(detail.statusPath);
    await shot('status-page');
    await open('/app/tickets/new');
    await shot('ticket-new');
    await open('/app/employees');
    await shot('employees');
    if (size === 'phone') {
      await open('/app/work');
      await page.getByRole('button', { name: 'Меню' }).click();
      await shot('menu');
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
