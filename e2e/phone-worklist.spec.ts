import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 48: the worklist on a phone, as staff open it at the counter.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Work rows wholly on screen: below the top and above the fixed bar with the create buttons. */
async function rowsOnFirstScreen(page: Page): Promise<number> {
  const bar = await page.getByTestId('bottom-bar').boundingBox();
  const bottom = bar ? bar.y : 844;
  return page.getByTestId('work-row').evaluateAll(
    (rows, limit) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= limit;
      }).length,
    bottom,
  );
}

test('the worklist opens with four cards on screen; filters are one tap away and remembered', async ({
  page,
  request,
}) => {
  // Staff: an admin may also see «Осталось настроить» above the list until it is done or hidden.
  await loginViaUi(page, await registerViaApi(request, 'Карманова Кира'));
  for (let i = 1; i <= 6; i += 1) {
    const response = await page.request.post('/api/tasks', {
      data: { title: `Телефонный список ${i}`, status: i % 2 ? 'new' : 'in_progress' },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/app/work');
  await expect(page.getByTestId('work-row').nth(5)).toBeVisible();
  expect(await rowsOnFirstScreen(page)).toBeGreaterThanOrEqual(4);

  // One tap opens every filter; what is chosen shows on the button.
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Фильтры' });
  await expect(sheet.getByRole('button', { name: 'Показать' })).toBeInViewport();
  const axe = await new AxeBuilder({ page })
    .include('[role=dialog]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await sheet.getByRole('checkbox', { name: /^Закрытые/ }).check();
  await sheet.getByText('Задачи', { exact: true }).click();
  await sheet.getByRole('button', { name: /^Показать/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Фильтры: 2' })).toBeVisible();

  // Remembered: the worklist opened again from the menu keeps them.
  await page.goto('/app/clients');
  await page.getByRole('link', { name: 'Задачи' }).first().click();
  await expect(page).toHaveURL(/\/app\/work\?/);
  await expect(page.getByRole('button', { name: 'Фильтры: 2' })).toBeVisible();
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await expect(sheet.getByRole('checkbox', { name: /^Закрытые/ })).toBeChecked();
  // And put back with one tap.
  await sheet.getByRole('button', { name: 'Сбросить' }).click();
  await sheet.getByRole('button', { name: /^Показать/ }).click();
  await expect(page.getByRole('button', { name: 'Фильтры', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/work$/);
});

test('a search that matches only closed repairs offers them in one tap, never «Пусто»', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  const serial = `SN${Date.now()}`;
  const created = await page.request.post('/api/tickets', {
    data: {
      title: 'Гарантийный ремонт',
      intake: 'walk_in',
      serialNumber: serial,
      client: { mode: 'new', fullName: 'Вернувшийся Виктор' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  let ticket = (await created.json()).ticket as { id: number; status: string };
  while (ticket.status !== 'closed') {
    const stepped = await page.request.post(`/api/tickets/${ticket.id}/step`, {
      headers: { 'x-requested-with': 'fetch' },
      data: { direction: 'forward', expectedStatus: ticket.status, repairSummary: 'Готово' },
    });
    expect(stepped.ok(), await stepped.text()).toBe(true);
    ticket = (await stepped.json()).ticket;
  }

  await page.goto('/app/work');
  await page.getByLabel('Поиск').fill(serial);
  await expect(page.getByRole('heading', { name: 'Среди открытых ничего не найдено' })).toBeVisible();
  await page.getByRole('button', { name: 'Показать закрытые (1)' }).click();
  const row = page.getByTestId('work-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('href', `/app/tickets/${ticket.id}`);
  await expect(row).toBeInViewport();

  // An open match shows, and the closed one is still offered under it.
  await page.request.post('/api/tasks', { data: { title: `Перезвонить по ${serial}` } });
  await page.getByRole('button', { name: /^Фильтры/ }).click();
  await page.getByRole('dialog', { name: 'Фильтры' }).getByRole('button', { name: 'Сбросить' }).click();
  await page.getByRole('dialog', { name: 'Фильтры' }).getByRole('button', { name: 'Показать' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Перезвонить');
  await expect(page.getByRole('button', { name: 'Показать закрытые (1)' })).toBeVisible();

  // Nothing anywhere: a search says so in its own words; «Пусто» is for an empty list.
  await page.getByLabel('Поиск').fill(`нет-такого-${serial}`);
  await expect(page.getByRole('heading', { name: 'Ничего не найдено' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Показать закрытые/ })).toHaveCount(0);
});
