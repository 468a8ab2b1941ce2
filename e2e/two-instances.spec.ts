import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startTwoInstances, type SpawnedServer } from '../src/server/test/two-instances';
import { E2E_INVITE_CODE, E2E_PASSWORD, loginViaUi } from './fixtures';

// Issue 23: one person's browser across two app processes on one PostgreSQL database and one S3
// bucket — signed in on A, the same session opens the ticket on B; a photo uploaded on B shows
// on A's open screen and loads from A; a step made on A shows on B's screen by itself.

const url = process.env.TEST_DATABASE_URL;
test.skip(!url, 'needs PostgreSQL (TEST_DATABASE_URL), as several instances do');

let a: SpawnedServer;
let b: SpawnedServer;
let instances: Awaited<ReturnType<typeof startTwoInstances>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  instances = await startTwoInstances(url as string, { INVITE_CODE: E2E_INVITE_CODE });
  ({ a, b } = instances);
});

test.afterAll(async () => {
  await instances?.stop();
});

test('one browser across two instances: session, a photo uploaded on B seen on A, a step on A seen on B', async ({
  browser,
}) => {
  const account = {
    displayName: 'Двоева Дарья',
    email: `two-${Date.now()}@e2e.test`,
    password: E2E_PASSWORD,
  };
  const context = await browser.newContext({ baseURL: a.url });
  const registered = await context.request.post(`${a.url}/api/auth/register`, {
    data: { ...account, inviteCode: E2E_INVITE_CODE },
  });
  expect(registered.status()).toBe(201);
  await context.clearCookies();

  const onA = await context.newPage();
  await loginViaUi(onA, account);
  const created = await onA.request.post(`${a.url}/api/tickets`, {
    data: { title: 'Гарантийный ремонт', client: { mode: 'new', fullName: 'Двухсерверный Данила' } },
  });
  const { ticket } = await created.json();
  await onA.goto(`/app/tickets/${ticket.id}`);
  await expect(onA.getByText('Файлов нет')).toBeVisible();

  // The same browser (its cookie is the host's, whatever the port) opens the ticket on B.
  const onB = await context.newPage();
  await onB.goto(`${b.url}/app/tickets/${ticket.id}`);
  await expect(onB.getByRole('button', { name: 'Доставка оформлена →' })).toBeVisible();

  // A photo uploaded on B goes to the bucket; A's open screen shows it and loads it from A.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const chooser = onB.waitForEvent('filechooser');
  await onB.getByRole('button', { name: 'Загрузить файлы' }).click();
  await (await chooser).setFiles({ name: 'плата.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(onB.getByRole('link', { name: 'плата.jpg' })).toBeVisible();
  const link = onA.getByRole('link', { name: 'плата.jpg' });
  await expect(link).toBeVisible();
  const thumb = onA.getByTestId('attachment').locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const href = (await link.getAttribute('href')) as string;
  const fromA = await onA.request.get(`${a.url}${href}`);
  expect(fromA.status()).toBe(200);
  expect(Buffer.compare(await fromA.body(), photo)).toBe(0);

  // A step made on A shows on B's open screen by itself.
  await onA.getByRole('button', { name: 'Доставка оформлена →' }).click();
  await expect(onB.getByRole('button', { name: 'Прибыл в ПВЗ →' })).toBeVisible();
  await expect(onB.getByTestId('history')).toContainText('Новая → Доставка оформлена');
  await context.close();
});
