import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
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

/** Slows this page's connection (Chromium's own throttling), so an upload takes seconds. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return {
    /** Back to full speed: an upload still under way would now finish at once. */
    lift: () =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      }),
  };
}

async function ticketPage(page: Page, request: APIRequestContext, who: string) {
  const account = await registerViaApi(request, who);
  await loginViaUi(page, account);
  const { ticket } = await (
    await page.request.post('/api/tickets', {
      data: { title: 'Замена SSD', client: { mode: 'new', fullName: `Клиент ${who}` } },
    })
  ).json();
  await page.goto(`/app/tickets/${ticket.id}`);
  return ticket as { id: number };
}

test('an upload shows its progress in percent and can be cancelled, leaving nothing', async ({
  page,
  request,
}) => {
  const ticket = await ticketPage(page, request, 'Прогрессов Пётр');
  const network = await slowUploads(page, 256 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Загрузить файлы' }).click();
  await (
    await chooser
  ).setFiles({ name: 'акт-ПВЗ.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(4 * 1_048_576, 1) });

  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  // The percentage moves while the bytes go up.
  await expect(progress.getByText(/Загрузка: ([1-9]\d?)%/)).toBeVisible({ timeout: 10_000 });
  await progress.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Загрузка отменена, ничего не сохранено')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Загрузить файлы' })).toBeVisible();

  // The server kept nothing: no file, no history row. Were the request still going, the
  // full-speed line would finish it within the wait.
  await network.lift();
  await page.waitForTimeout(1500);
  const after = await (await page.request.get(`/api/tickets/${ticket.id}`)).json();
  expect(after.ticket.attachments).toEqual([]);
  expect(after.ticket.history.map((h: { action: string }) => h.action)).not.toContain('upload_file');
  await page.reload();
  await expect(page.getByText('Файлов нет')).toBeVisible();
});

test('a slow upload runs to the end with its percentage, then the file is listed', async ({
  page,
  request,
}) => {
  await ticketPage(page, request, 'Дождёмся Денис');
  await slowUploads(page, 512 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Загрузить файлы' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'гарантийный-талон.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(1_500_000, 2),
  });
  await expect(page.getByText(/Загрузка: \d+%/)).toBeVisible();
  await expect(page.getByText('Файлы загружены')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('attachment')).toContainText('гарантийный-талон.pdf');
});

test('a big camera photo is scaled down in the browser before it is sent; a PNG goes as it is', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Фотографов Фёдор');
  await loginViaUi(page, account);
  const { task } = await (await page.request.post('/api/tasks', { data: { title: 'Снять плату' } })).json();
  await page.goto(`/app/tasks/${task.id}`);

  // A 4000 × 3000 camera-like JPEG (noise, so it is megabytes like a real one) and a small PNG.
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/photos')) sent.push(r.url());
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить фото' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'IMG_0042.JPG', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'скриншот.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(page.getByText('Фото загружены')).toBeVisible({ timeout: 15_000 });

  const { task: saved } = await (await page.request.get(`/api/tasks/${task.id}`)).json();
  const byName = new Map<string, { url: string; size: number }>(
    saved.photos.map((p: { name: string; url: string; size: number }) => [p.name, p]),
  );
  expect([...byName.keys()].sort()).toEqual(['IMG_0042.jpg', 'скриншот.png']);
  const photo = byName.get('IMG_0042.jpg')!;
  expect(photo.size).toBeLessThan(jpeg.length / 2);
  const meta = await sharp(await (await page.request.get(photo.url)).body()).metadata();
  expect([meta.width, meta.height]).toEqual([2560, 1920]);
  expect(byName.get('скриншот.png')!.size).toBe(png.length);
  // Both in one request (the stored sizes above show what went).
  expect(sent.length).toBe(1);
});
