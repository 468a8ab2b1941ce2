import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';

// Issue 17: on a phone every tap target is at least 44 × 44 px.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Visible controls smaller than 44 px either way. Links inside a sentence are exempt (WCAG 2.5.8). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector = [
      'button',
      '[role=button]',
      'a.tap-target',
      'a.mantine-Button-root',
      'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file])',
      'textarea',
      '.mantine-Checkbox-body',
      '.mantine-Radio-body',
      '.segmented-choice-item label',
    ].join(',');
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} «${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}» ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  });
}

test('on a 390 px phone every tap target on the main screens is at least 44 px', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  const ticket = (
    await (
      await page.request.post('/api/tickets', {
        data: {
          title: 'Замена SSD',
          client: { mode: 'new', fullName: 'Тапов Тимур', phone: '+7 900 111-22-33' },
        },
      })
    ).json()
  ).ticket;
  await page.request.post('/api/tasks', { data: { title: 'Забрать плату у клиента' } });
  for (const path of [
    '/app/work',
    '/app/tickets',
    '/app/tasks',
    '/app/clients',
    `/app/clients/${ticket.clientId}`,
    `/app/tickets/${ticket.id}`,
    `/app/tickets/${ticket.id}/print/receipt`,
    '/app/tickets/new',
    '/app/trash',
    '/app/employees',
    '/app/settings',
  ]) {
    await page.goto(path);
    await page.getByRole('heading').first().waitFor();
    // The lists and cards have loaded (no spinner left).
    await expect(page.getByText('Загрузка...')).toHaveCount(0);
    expect(await smallTargets(page), path).toEqual([]);
  }
  // Сотрудники are cards on a phone: every control on screen, nothing scrolls sideways.
  await page.goto('/app/employees');
  const card = page.getByTestId(`employee-${ADMIN.email}`);
  await expect(card.getByLabel(`Роль: ${ADMIN.displayName}`, { exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Меню' }).click();
  expect(await smallTargets(page), 'menu').toEqual([]);
});

test('on a phone, a search that finds nothing says «Ничего не найдено» on screen, not behind the bottom bar', async ({
  page,
}) => {
  await loginViaUi(page, ADMIN);
  await page.goto('/app/work?q=' + encodeURIComponent('жщфывнетакого'));
  const empty = page.getByRole('heading', { name: 'Ничего не найдено' });
  await expect(empty).toBeVisible();
  // Within the first screen, and above the fixed bar with the create buttons.
  const [message, bar] = await Promise.all([
    empty.boundingBox(),
    page.getByTestId('bottom-bar').boundingBox(),
  ]);
  expect(message && bar && message.y + message.height <= bar.y).toBe(true);
});
