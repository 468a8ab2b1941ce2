import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 17: a 1440 × 900 desktop uses its width.
test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('a ticket, task and client show fields left and files, photos, history right', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  const ticket = (
    await (
      await page.request.post('/api/tickets', {
        data: {
          title: 'Гарантийный ремонт',
          client: { mode: 'new', fullName: 'Широков Шамиль', phone: '+7 900 555-01-02' },
        },
      })
    ).json()
  ).ticket;
  const task = (await (await page.request.post('/api/tasks', { data: { title: 'Две колонки' } })).json())
    .task;
  for (const path of [
    `/app/tickets/${ticket.id}`,
    `/app/tasks/${task.id}`,
    `/app/clients/${ticket.clientId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('detail-side').getByText('История'), path).toBeVisible();
    const main = await page.getByTestId('detail-main').boundingBox();
    const side = await page.getByTestId('detail-side').boundingBox();
    expect(main && side, path).toBeTruthy();
    // Side by side, top-aligned, and together wider than the old 760 px card.
    expect(side!.x, path).toBeGreaterThan(main!.x + main!.width - 1);
    expect(Math.abs(side!.y - main!.y), path).toBeLessThan(2);
    expect(side!.x + side!.width - main!.x, path).toBeGreaterThan(1100);
    await expect(page.getByTestId('detail-side').getByText('История'), path).toBeVisible();
  }

  // Below 1200 px the same page is one column again.
  await page.setViewportSize({ width: 1000, height: 900 });
  const main = await page.getByTestId('detail-main').boundingBox();
  const side = await page.getByTestId('detail-side').boundingBox();
  expect(side!.y).toBeGreaterThan(main!.y + main!.height - 1);
});

test('the worklist offers a dense table, remembered on this device', async ({ page, context }) => {
  await loginViaUi(page, ADMIN);
  const ticket = (
    await (
      await page.request.post('/api/tickets', {
        data: {
          title: 'Гарантийный ремонт',
          client: { mode: 'new', fullName: 'Табличный Тарас', phone: '+7 900 444-55-66' },
        },
      })
    ).json()
  ).ticket;
  await page.goto('/app/work');
  await expect(page.getByTestId('work-row').first()).toBeVisible();
  await expect(page.getByTestId('work-table')).toHaveCount(0);

  await page.getByText('Таблица', { exact: true }).click();
  const table = page.getByTestId('work-table');
  await expect(table).toBeVisible();
  for (const header of ['Номер', 'Название', 'Устройство', 'Клиент', 'Исполнитель', 'Срок', 'Статус']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = table.getByTestId('work-row').filter({ hasText: 'Табличный Тарас' });
  await expect(row).toContainText('+7 900 444-55-66');
  await expect(row).toContainText(`Заявка #${ticket.id}`);
  await expect(row).toContainText('Не назначен');

  // Remembered after a reload and in a new tab of the same browser.
  await page.reload();
  await expect(page.getByTestId('work-table')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/app/work');
  await expect(other.getByTestId('work-table')).toBeVisible();

  // The keyboard reaches a row by its number link; a click anywhere on the row opens it.
  await row.click({ position: { x: 400, y: 10 } });
  await expect(page).toHaveURL(new RegExp(`/app/tickets/${ticket.id}$`));

  // A phone-sized window shows cards whatever was chosen, and no switch.
  await other.setViewportSize({ width: 390, height: 844 });
  await expect(other.getByTestId('work-table')).toHaveCount(0);
  await expect(other.getByText('Таблица', { exact: true })).toHaveCount(0);
  await expect(other.getByTestId('work-row').first()).toBeVisible();

  await page.goto('/app/work');
  await page.getByText('Карточки', { exact: true }).click();
  await expect(page.getByTestId('work-table')).toHaveCount(0);
});
