import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 21: the worklist on screen, with its search, as a CSV Russian Excel opens as is.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('«Выгрузить в CSV» downloads what the worklist shows, with its search', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Выгрузкина Вера');
  await loginViaUi(page, account);
  const stamp = Date.now();
  for (const title of [`Выгрузка ${stamp} один`, `Выгрузка ${stamp} два`]) {
    const created = await page.request.post('/api/tasks', {
      headers: { 'x-requested-with': 'fetch' },
      data: { title, dueDate: '2026-12-31' },
    });
    expect(created.ok()).toBe(true);
  }
  await page.goto(`/app/work?q=${stamp}`);
  await expect(page.getByTestId('work-row')).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Выгрузить в CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zadachi-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFТип;Номер;Название;')).toBe(true);
  const rows = text.trim().split('\r\n');
  expect(rows).toHaveLength(3);
  expect(
    rows.slice(1).every((row) => /^Задача;#\d+;Выгрузка/.test(row) && row.includes(';31.12.2026;')),
  ).toBe(true);
});
