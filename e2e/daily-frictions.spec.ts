import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// Issue 48: small things that cost a shop time every day, tried on a phone.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('a typed due date is saved after a pause, never shown as saved before', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Датова Дарья');
  await loginViaUi(page, account);
  const created = await page.request.post('/api/tasks', { data: { title: 'Позвонить поставщику' } });
  const { task } = await created.json();
  await page.goto(`/app/tasks/${task.id}`);
  const saved = page.getByTestId('save-status');
  await expect(saved).toHaveText('Сохранено');

  const patched = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/tasks/${task.id}`),
  );
  // Tapped at its start: the day's part takes the first digits.
  await page.getByLabel('Срок').click({ position: { x: 16, y: 18 } });
  // This Chromium's date field reads month, day, year.
  await page.keyboard.type('12152026', { delay: 50 });
  // Tab may stop on the browser's own picker button, still inside the field.
  await page.keyboard.press('Tab');
  await expect(saved).not.toHaveText('Сохранено');
  expect((await patched).status()).toBe(200);
  await expect(saved).toHaveText('Сохранено');
  await page.reload();
  await expect(page.getByLabel('Срок')).toHaveValue('2026-12-15');
});

test('one tap finishes a task; a past due date on a new task gets a word', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Готова Галина');
  await loginViaUi(page, account);
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'Отправить акт' } })).json();
  await page.goto(`/app/tasks/${task.id}`);
  await page.getByRole('button', { name: 'Готово' }).click();
  await expect(page.getByText(/закрыта \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Готово' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('Закрыта');

  await page.goto('/app/tasks/new');
  await page.getByLabel('Название').fill('Забрать плату');
  await page.getByLabel('Срок').fill('2020-01-10');
  await page.getByLabel('Срок').blur();
  await expect(page.getByText('Эта дата уже прошла')).toBeVisible();
  await page.getByLabel('Срок').fill('2099-01-10');
  await page.getByLabel('Срок').blur();
  await expect(page.getByText('Эта дата уже прошла')).toHaveCount(0);
});

test('every badge on the worklist and a card reads clearly (axe contrast)', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Контрастова Кира');
  await loginViaUi(page, account);
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date());
  const stamp = `контраст${Date.now()}`;
  const due = await page.request.post('/api/tasks', { data: { title: `Сегодня ${stamp}`, dueDate: today } });
  expect(due.ok(), await due.text()).toBe(true);
  await page.request.post('/api/tasks', {
    data: { title: `Просрочено ${stamp}`, dueDate: '2025-01-10', status: 'in_progress' },
  });
  await page.goto(`/app/work?q=${stamp}`);
  await expect(page.getByTestId('due-mark').filter({ hasText: 'Сегодня' })).toBeVisible();
  await expect(page.getByTestId('due-mark').filter({ hasText: /Просрочено/ })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('[data-testid=work-row]')
    .withRules(['color-contrast'])
    .analyze();
  expect(axe.violations.flatMap((v) => v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`))).toEqual(
    [],
  );
  await page.goto(`/app/tasks/${(await due.json()).task.id}`);
  await expect(page.getByTestId('due-mark')).toHaveText('Сегодня');
  const card = await new AxeBuilder({ page }).include('main').withRules(['color-contrast']).analyze();
  expect(card.violations.flatMap((v) => v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`))).toEqual(
    [],
  );
});

test('a form with a mistake brings its first error into view and focus', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  await page.goto('/app/settings');
  const inn = page.getByLabel('ИНН');
  await inn.fill('12345');
  // Where a thumb presses «Сохранить»: the field is scrolled away by then.
  const save = page.getByRole('button', { name: 'Сохранить', exact: true }).first();
  await save.scrollIntoViewIfNeeded();
  await expect(inn).not.toBeInViewport();
  await save.click();
  await expect(page.getByText('ИНН: 10 или 12 цифр')).toBeInViewport();
  await expect(inn).toBeFocused();

  await page.goto('/app/tasks/new');
  await page.getByLabel('Описание').fill('Без названия');
  await page.getByRole('button', { name: 'Создать задачу' }).click();
  await expect(page.getByLabel('Название')).toBeFocused();
  await expect(page.getByText('Введите название задачи')).toBeInViewport();
});
