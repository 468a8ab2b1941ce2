import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, registerViaApi } from './fixtures';

// Issue 17: everything works from the keyboard — no mouse, no touch in these journeys.

/** What a screen reader would call the focused element: its label, aria-label or text. */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? '';
    return (el.getAttribute('aria-label') || label || el.textContent || '').replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, as a person would. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 80 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const current = await focusedName(page);
    if (name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${name}; passed: ${seen.join(' | ')}`);
}

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('sign in, create a ticket, step it, open and close a confirmation, all from the keyboard', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await registerViaApi(request, 'Клавишин Кузьма');
  await page.goto('/login');
  await tabTo(page, /^E-mail/);
  await page.keyboard.type(account.email);
  await tabTo(page, /^Пароль/);
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/work/);

  await tabTo(page, /^Гарантийный ремонт$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Новая заявка' })).toBeVisible();
  await tabTo(page, /^ФИО клиента/);
  await page.keyboard.type('Клавиатурный Кирилл');
  await tabTo(page, /^Телефон клиента/);
  await page.keyboard.type('+7 900 123-00-11');
  await tabTo(page, /^Создать заявку$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Гарантийный ремонт/ })).toBeVisible();
  const ticketUrl = page.url();

  // The first step, by Tab and Space.
  await tabTo(page, /^Доставка оформлена/);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Доставка оформлена/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '← Новая' })).toBeVisible();

  // A confirmation opens with the focus inside it, Escape closes it and gives the focus back.
  await tabTo(page, /^Удалить заявку$/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedName(page)).toBe('Удалить заявку');

  // Back in the worklist, a row opens by Tab and Enter.
  await page.goto('/app/work');
  await tabTo(page, /Клавиатурный Кирилл/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(ticketUrl);
});

test('on a phone the menu opens and leads anywhere from the keyboard', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerViaApi(request, 'Клавишина Ксения');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/work/);
  await tabTo(page, /^Меню$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Клиенты$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/clients$/);
});
