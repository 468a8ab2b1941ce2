import { expect, test } from '@playwright/test';
import { todayIn } from '../src/domain/due-marks';
import { ADMIN, ensureAdmin, loginViaUi, registerViaApi, writeAsImport } from './fixtures';

// Issue 20: what is urgent shows — overdue and due-today marks, «Мои», counts by state.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('an overdue item says by how many days, one due today says «Сегодня»; «Мои» narrows to mine', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Срочнова Серафима');
  await loginViaUi(page, account);
  const today = todayIn('Europe/Moscow', new Date());
  const stamp = Date.now();
  const post = (title: string, dueDate: string, assigneeId: number | null) =>
    page.request.post('/api/tasks', {
      headers: { 'x-requested-with': 'fetch' },
      data: { title, dueDate, assigneeId },
    });
  const me = (await (await page.request.get('/api/me')).json()).user as { id: number };
  await post(`Просроченная ${stamp}`, shift(today, -12), me.id);
  await post(`Сегодняшняя ${stamp}`, today, me.id);
  await post(`Чужая ${stamp}`, shift(today, 3), null);
  // A ticket: in the spec's order tickets come before tasks, whatever their dates.
  await page.request.post('/api/tickets', {
    headers: { 'x-requested-with': 'fetch' },
    data: {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: `Заявочный ${stamp}` },
      dueDate: shift(today, 5),
      assigneeId: me.id,
    },
  });

  await page.goto('/app/work?q=' + stamp);
  const overdue = page.getByTestId('work-row').filter({ hasText: `Просроченная ${stamp}` });
  await expect(overdue.getByTestId('due-mark')).toHaveText('Просрочено на 12 дн.');
  const dueToday = page.getByTestId('work-row').filter({ hasText: `Сегодняшняя ${stamp}` });
  await expect(dueToday.getByTestId('due-mark')).toHaveText('Сегодня');
  const later = page.getByTestId('work-row').filter({ hasText: `Чужая ${stamp}` });
  await expect(later).toBeVisible();
  await expect(later.getByTestId('due-mark')).toHaveCount(0);
  // The state filters count what the search finds.
  await expect(page.getByRole('checkbox', { name: 'Новые (4)' })).toBeChecked();
  await expect(page.getByTestId('work-row').first()).toContainText(`Заявочный ${stamp}`);

  // «Сначала просроченные»: the late task moves above the ticket; the choice is kept in the address.
  await page.getByRole('checkbox', { name: 'Сначала просроченные' }).check();
  await expect(page.getByTestId('work-row').first()).toContainText(`Просроченная ${stamp}`);
  await expect(page).toHaveURL(/order=overdue/);
  await page.getByRole('checkbox', { name: 'Сначала просроченные' }).uncheck();
  await expect(page.getByTestId('work-row').first()).toContainText(`Заявочный ${stamp}`);

  // «Мои»: one tap to mine, one tap back.
  await page.getByRole('button', { name: 'Мои' }).click();
  await expect(page.getByRole('button', { name: 'Мои' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('work-row')).toHaveCount(3);
  await expect(later).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Новые (3)' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('work-row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Мои' }).click();
  await expect(page.getByTestId('work-row')).toHaveCount(4);

  // The card says it too.
  await overdue.click();
  await expect(page).toHaveURL(/\/app\/tasks\/\d+$/);
  // The card's screen may still be loading while the address has changed.
  await expect(page.getByRole('heading', { name: /^Задача \d+$/ })).toBeVisible();
  await expect(page.getByTestId('due-mark')).toHaveText('Просрочено на 12 дн.');
});

test('an admin sets a time limit per status; a ticket past it is marked «В статусе N дн.» and can be filtered', async ({
  page,
}) => {
  await loginViaUi(page, ADMIN);
  await page.goto('/app/settings');
  const limit = page.getByRole('textbox', { name: 'Срок в статусе «В ремонте», дней' });
  await limit.fill('7');
  await page.getByRole('button', { name: 'Сохранить сроки' }).click();
  await expect(page.getByText('Сроки сохранены')).toBeVisible();

  const stamp = Date.now();
  const created = await page.request.post('/api/tickets', {
    headers: { 'x-requested-with': 'fetch' },
    data: {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: `Долгов ${stamp}` },
      intake: 'walk_in',
    },
  });
  const { ticket } = (await created.json()) as { ticket: { id: number; status: string } };
  await page.request.post(`/api/tickets/${ticket.id}/step`, {
    headers: { 'x-requested-with': 'fetch' },
    data: { direction: 'forward', expectedStatus: 'new' },
  });
  // As if it had entered «В ремонте» ten days ago (the status time comes from its history).
  writeAsImport(
    'UPDATE tickets SET status_since = ? WHERE id = ?',
    new Date(Date.now() - 10 * 86_400_000).toISOString(),
    ticket.id,
  );

  await page.goto(`/app/work?q=${stamp}`);
  const row = page.getByTestId('work-row').filter({ hasText: `Долгов ${stamp}` });
  await expect(row.getByTestId('over-limit')).toHaveText('В статусе 10 дн.');
  await page.getByRole('checkbox', { name: 'Дольше срока в статусе' }).check();
  await expect(page).toHaveURL(/overLimit=1/);
  await expect(page.getByTestId('work-row')).toHaveCount(1);
  await page.goto(`/app/tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { name: /Гарантийный ремонт/ })).toBeVisible();
  await expect(page.getByTestId('over-limit')).toHaveText('В статусе 10 дн.');

  // Back to no limit, so other journeys see none.
  await page.goto('/app/settings');
  await page.getByRole('textbox', { name: 'Срок в статусе «В ремонте», дней' }).fill('');
  await page.getByRole('button', { name: 'Сохранить сроки' }).click();
  await expect(page.getByText('Сроки сохранены')).toBeVisible();
});

test('the dashboard shows the shop in charts; a figure opens the worklist filtered to what it counts', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Сводкина Софья');
  await loginViaUi(page, account);
  const stamp = Date.now();
  const me = (await (await page.request.get('/api/me')).json()).user as { id: number };
  const created = await page.request.post('/api/tickets', {
    headers: { 'x-requested-with': 'fetch' },
    data: {
      title: 'Замена SSD',
      intake: 'walk_in',
      client: { mode: 'new', fullName: `Сводный ${stamp}` },
      assigneeId: me.id,
    },
  });
  const { ticket } = (await created.json()) as { ticket: { id: number } };
  const stepped = await page.request.post(`/api/tickets/${ticket.id}/step`, {
    headers: { 'x-requested-with': 'fetch' },
    data: { direction: 'forward', expectedStatus: 'new' },
  });
  expect(stepped.ok()).toBe(true);

  await page.goto('/app/work');
  await page.getByRole('link', { name: 'Сводка' }).first().click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Сводка' })).toBeVisible();
  const byStatus = page.getByTestId('chart-Открытые заявки по статусам');
  // A drawn chart: recharts' SVG with its bars.
  await expect(byStatus.locator('svg.recharts-surface')).toBeVisible();
  await expect(byStatus.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(page.getByTestId('chart-Нагрузка по сотрудникам')).toContainText('Сводкина Софья');

  await byStatus.getByRole('link', { name: /^В ремонте: \d+$/ }).click();
  await expect(page).toHaveURL(/\/app\/work\?.*status=in_repair/);
  await expect(page.getByTestId('facet-chips')).toContainText('Статус: В ремонте');
  await expect(page.getByTestId('work-row').filter({ hasText: `Сводный ${stamp}` })).toBeVisible();
  await page.getByRole('button', { name: 'Убрать фильтр «Статус: В ремонте»' }).click();
  await expect(page).not.toHaveURL(/status=/);
});
