import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active and controls the page. */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
}

test('the app is installable: manifest, icons, an active service worker', async ({ page, request }) => {
  await page.goto('/login');
  const manifestLink = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestResponse = await request.get(manifestLink ?? '');
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'GL Задачи', short_name: 'Задачи', display: 'standalone' });
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => `${icon.src} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['/icons/icon-192.png any', '/icons/icon-512.png any']),
  );
  expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual([
    '192x192',
    '512x512',
  ]);

  await serviceWorkerInControl(page);
});

test("Chromium's installability check passes", async ({ baseURL }) => {
  // Test contexts are incognito, where nothing installs: this one has a real profile.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await serviceWorkerInControl(page);
    // Chromium's own verdict, as behind its install button.
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('without a connection the app still opens and says there is no connection', async ({
  page,
  context,
  request,
}) => {
  const account = await registerViaApi(request, 'Офлайнов Олег');
  await loginViaUi(page, account);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Нет подключения к сети')).toBeVisible();
  await page.goto('/app/tickets/999999');
  await expect(page.getByText('Нет подключения к сети')).toBeVisible();

  // Back online, the screen goes on by itself.
  await context.setOffline(false);
  await expect(page.getByText('Заявка не найдена')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Нет подключения к сети')).toHaveCount(0);
});
