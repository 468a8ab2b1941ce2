import { expect, test, type Page } from '@playwright/test';
import { ensureAdmin, loginViaUi, registerViaApi } from './fixtures';

// A 1×1 PNG: enough for the browser to read and scale as a photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

/** Types into the comment field as a person does, key by key (the `@` list follows the cursor). */
async function typeComment(page: Page, text: string) {
  const field = page.getByLabel('Новый комментарий');
  await field.click();
  await field.pressSequentially(text);
}

// Issue 55: one person names another in a ticket's comments; the other sees it arrive on the open
// card without a reload, finds the ticket under «Мои», and a comment written offline goes once.
test('a comment naming a colleague reaches them live and lists the ticket under «Мои»', async ({
  browser,
  request,
}) => {
  const token = Date.now().toString(36);
  const writerAccount = await registerViaApi(request, `Павел Пишущий${token}`);
  const readerAccount = await registerViaApi(request, `Роман Читаев${token}`);
  const writerContext = await browser.newContext();
  const writer = await writerContext.newPage();
  const reader = await (await browser.newContext()).newPage();
  await loginViaUi(writer, writerAccount);
  await loginViaUi(reader, readerAccount);

  const created = await writer.request.post('/api/tickets', {
    data: { title: 'Гарантийный ремонт', client: { mode: 'new', fullName: `Клиент ${token}` } },
  });
  const { ticket } = await created.json();
  await reader.goto(`/app/tickets/${ticket.id}`);
  await expect(reader.getByText('Пока никто не писал.')).toBeVisible();

  // The writer names the reader through the list that opens after «@».
  await writer.goto(`/app/tickets/${ticket.id}`);
  await typeComment(writer, '@Роман Чит');
  await writer.getByRole('option', { name: `@Роман Читаев${token}` }).click();
  await writer.getByLabel('Новый комментарий').pressSequentially('проверь шлейф до замены');
  await expect(writer.getByLabel('Новый комментарий')).toHaveValue(
    `@Роман Читаев${token} проверь шлейф до замены`,
  );
  await writer.locator('#comments input[type=file]').setInputFiles({
    name: 'шлейф.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(writer.getByRole('img', { name: 'шлейф.png' })).toBeVisible();
  await writer.getByRole('button', { name: 'Отправить' }).click();
  const sent = writer.getByTestId('comment').filter({ hasText: 'проверь шлейф до замены' });
  await expect(sent).toBeVisible();
  await expect(writer.getByLabel('Новый комментарий')).toHaveValue('');
  await expect(writer.getByRole('link', { name: 'Комментарии: 1 ↓' })).toBeVisible();

  // The reader's open card shows it by itself, the name set apart, the photo with it.
  const arrived = reader.getByTestId('comment').filter({ hasText: 'проверь шлейф до замены' });
  await expect(arrived).toBeVisible();
  await expect(arrived.getByText(`@Роман Читаев${token}`)).toBeVisible();
  await expect(arrived.getByRole('button', { name: 'Открыть фото шлейф.png' })).toBeVisible();
  // Only the author may change it.
  await expect(arrived.getByRole('button', { name: 'Изменить' })).toHaveCount(0);

  // «Мои» counts the mention and lists the ticket first; «Прочитано» takes it off.
  await reader.goto('/app/work');
  const mine = reader.getByRole('button', { name: 'Мои, упоминаний: 1' });
  await expect(mine).toBeVisible();
  if ((await mine.getAttribute('aria-pressed')) !== 'true') await mine.click();
  const mentions = reader.getByTestId('my-mentions');
  await expect(mentions).toContainText('Вас упомянули');
  await expect(mentions.getByRole('link', { name: `#${ticket.id} Гарантийный ремонт` })).toBeVisible();
  await expect(mentions).toContainText(
    `Павел Пишущий${token}: @Роман Читаев${token} проверь шлейф до замены`,
  );
  await mentions.getByRole('button', { name: 'Прочитано' }).click();
  await expect(mentions).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Мои', exact: true })).toBeVisible();

  // Text being written survives a reload.
  await typeComment(writer, 'Черновик');
  await writer.reload();
  await expect(writer.getByLabel('Новый комментарий')).toHaveValue('Черновик');
  await writer.getByLabel('Новый комментарий').fill('');

  // Offline, a comment waits in the page and goes when the connection returns — once.
  await writerContext.setOffline(true);
  await typeComment(writer, 'Написано без связи');
  await writer.getByRole('button', { name: 'Отправить' }).click();
  const waiting = writer.getByTestId('pending-comment');
  await expect(waiting).toContainText('Нет связи — отправится, когда связь вернётся');
  await writerContext.setOffline(false);
  await expect(writer.getByTestId('comment').filter({ hasText: 'Написано без связи' })).toHaveCount(1);
  await expect(waiting).toHaveCount(0);
  const thread = await (await writer.request.get(`/api/tickets/${ticket.id}/comments`)).json();
  expect(thread.items.filter((c: { body: string }) => c.body === 'Написано без связи')).toHaveLength(1);

  // The author corrects it; the others see «изменён».
  const own = writer.getByTestId('comment').filter({ hasText: 'Написано без связи' });
  await own.getByRole('button', { name: 'Изменить' }).click();
  await own.getByLabel('Текст комментария').fill('Написано без связи, проверено');
  await own.getByRole('button', { name: 'Сохранить' }).click();
  await expect(own).toContainText('изменён');
  await reader.goto(`/app/tickets/${ticket.id}`);
  await expect(
    reader.getByTestId('comment').filter({ hasText: 'Написано без связи, проверено' }),
  ).toContainText('изменён');
});
