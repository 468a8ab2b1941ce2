import { expect, test, type Page } from '@playwright/test';
import { FAKE_BOT_TOKEN } from '../src/server/test/fake-telegram';
import { ADMIN, ensureAdmin, loginViaUi } from './fixtures';
import { TELEGRAM_STAND_IN } from './ports';

// Issue 54: the client connects the shop's Telegram bot by the link from the ticket, a step to
// «Готов к выдаче» writes to them by itself, and the ticket's log shows the message delivered.
// Telegram is a local server speaking the Bot API; this journey plays the client through it.

test.beforeEach(async ({ request }) => {
  await ensureAdmin(request);
});

async function stepForwardTo(page: Page, label: string) {
  await page.getByRole('button', { name: `${label} →` }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText(label);
}

interface BotMessage {
  chat_id: string;
  text: string;
}
const botWrote = async (page: Page) =>
  ((await (await page.request.post(`${TELEGRAM_STAND_IN}/_fake/sent`)).json()) as { result: BotMessage[] })
    .result;

test('a client connects Telegram, and «Готов к выдаче» reaches them without a tap', async ({ page }) => {
  await loginViaUi(page, ADMIN);
  try {
    await page.goto('/app/settings#client-messages');
    const card = page.locator('#client-messages');
    await card.getByLabel('Токен бота Telegram').fill(FAKE_BOT_TOKEN);
    await card.getByRole('button', { name: 'Сохранить ключи' }).click();
    await expect(card.getByText('Telegram @glz_test_bot: настроен')).toBeVisible();
    await expect(card.getByLabel('Токен бота Telegram')).toHaveValue('');
    // Any time of day: the journey may run at night, in the shop's quiet hours.
    await card.getByLabel('Тихие часы с').fill('00:00');
    await card.getByLabel('до', { exact: true }).fill('00:00');
    await card.getByRole('button', { name: 'Сохранить правила' }).click();
    await expect(page.getByText('Правила сохранены')).toBeVisible();

    const created = await page.request.post('/api/tickets', {
      data: {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        device: 'Смартфон Honor',
        client: { mode: 'new', fullName: `Телеграмова Тамара ${Date.now()}`, phone: '+7 916 000-11-22' },
      },
    });
    expect(created.status()).toBe(201);
    const { ticket } = (await created.json()) as { ticket: { id: number } };
    await page.goto(`/app/tickets/${ticket.id}`);
    await page.getByRole('button', { name: 'Ссылка на Telegram для клиента' }).click();
    const link = page.getByRole('link', { name: /^https:\/\/t\.me\/glz_test_bot\?start=/ });
    await expect(link).toBeVisible();
    const token = new URL((await link.textContent()) ?? '').searchParams.get('start');

    // The client opens the link and presses «Start»: Telegram hands the bot `/start <token>`.
    const chat = 900_000 + (Date.now() % 100_000);
    await page.request.post(`${TELEGRAM_STAND_IN}/_fake/send`, {
      data: { chatId: chat, text: `/start ${token}` },
    });
    await expect
      .poll(
        async () =>
          (await botWrote(page)).some((m) => m.chat_id === String(chat) && m.text.startsWith('Готово!')),
        { timeout: 15_000 },
      )
      .toBe(true);

    await stepForwardTo(page, 'В ремонте');
    await stepForwardTo(page, 'Готов к выдаче');
    const message = page
      .getByTestId('client-message')
      .filter({ hasText: '«Готов к выдаче» / «Оповестить клиента»' });
    await expect(message).toContainText('Доставлено');
    await expect(message).toContainText('Telegram');
    const received = (await botWrote(page)).filter((m) => m.chat_id === String(chat)).at(-1);
    expect(received?.text).toContain(`Заявка #${ticket.id} (Смартфон Honor)`);
  } finally {
    // The other journeys share this server: no bot for them.
    await page.request.put('/api/notices/secrets', { data: { clear: ['telegram'] } });
  }
});
