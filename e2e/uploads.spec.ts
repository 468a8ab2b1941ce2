import { expect, test } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

test('a file over the limit is refused in the browser at once, before anything is sent', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Загрузкин Захар');
  await loginViaUi(page, account);
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Большефайлов Борис' } },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/files')) sent.push(r.url());
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Загрузить файлы' }).click();
  // The e2e server keeps the shipped limit, MAX_UPLOAD_MB=20.
  await (
    await chooser
  ).setFiles({
    name: 'видео-с-ПВЗ.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.alloc(21 * 1_048_576),
  });
  await expect(
    page.getByText('Файл «видео-с-ПВЗ.mp4» — 21 МБ, а можно не больше 20 МБ. Ничего не загружено'),
  ).toBeVisible();
  expect(sent).toEqual([]);
  await expect(page.getByText('Файлов нет')).toBeVisible();
});
