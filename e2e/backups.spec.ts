import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 21: an admin makes a backup from «Настройки» and downloads it.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('an admin makes a backup now, sees it listed, and downloads the archive', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  // The menu's link: on a new shop «Осталось настроить» links to «Настройки» too.
  await page.getByRole('navigation').getByRole('link', { name: 'Настройки' }).click();
  const card = page.getByTestId('backups-card');
  await expect(card).toContainText('Автоматические копии выключены');
  const before = await card.getByRole('link', { name: /^Скачать копию от/ }).count();
  await card.getByRole('button', { name: 'Сделать копию сейчас' }).click();
  // The archive holds everything earlier journeys left on this server, and the card looks again
  // every 2 s: on a loaded machine that is well past the default 5 s.
  await expect(page.getByText('Резервная копия готова')).toBeVisible({ timeout: 30_000 });
  const links = card.getByRole('link', { name: /^Скачать копию от/ });
  await expect(links).toHaveCount(before + 1);

  const [download] = await Promise.all([page.waitForEvent('download'), links.first().click()]);
  // Named by the shop's clock and its offset (Москва by default).
  expect(download.suggestedFilename()).toMatch(
    /^gl-zadachi-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\+03-00\.tar\.gz$/,
  );
  const file = await download.path();
  // A gzip stream, as `npm run restore` reads it.
  expect([...fs.readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
