import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ClientMessageDto } from '../../domain/client-notices';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { Database } from '../db/database';
import { createClientNotices, type ClientNotices } from './client-notices.service';
import { startFakeSmsRu } from '../test/fake-sms-ru';
import { FAKE_BOT_TOKEN, startFakeTelegram } from '../test/fake-telegram';
import { startSmtpInbox } from '../test/smtp-inbox';
import { freePort } from '../test/spawn-server';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 54: messages that leave by themselves. Real local servers speak each protocol: SMS.RU's
// HTTP API, the Telegram Bot API and SMTP; the app's clock is the test's, so quiet hours and
// retries are stepped through by hand (`manual`: the test ticks the queue and polls the bot).

const sms = await startFakeSmsRu();
const telegram = await startFakeTelegram();
const mails: ParsedMail[] = [];
const smtpPort = await freePort();
const inbox = await startSmtpInbox((mail) => mails.push(mail), smtpPort);
afterAll(async () => {
  await Promise.all([sms.close(), telegram.close(), inbox.close()]);
});

const SECOND = 1000;
const notices = (ctx: { app: { notices: ClientNotices } }) => ctx.app.notices;

describeEachDatabase(
  'automatic client messages',
  (ctx) => {
    let owner: SignedIn;
    const call = apiCaller(ctx, () => owner);
    const json = <T>(response: { json: () => unknown }) => response.json() as T;
    const ticketOf = (response: { json: () => unknown }) =>
      json<{ ticket: TicketDetailDto }>(response).ticket;
    const messagesOf = async (id: number) =>
      json<{ messages: ClientMessageDto[] }>(await call('GET', `/api/tickets/${id}/messages`)).messages;
    const tick = () => notices(ctx).dispatcher.tick();
    let phoneSeq = 1000;
    const newTicket = async (client: Record<string, unknown> = {}) => {
      phoneSeq += 1;
      const fields = { fullName: 'Смирнова Анна', phone: `8 999 123-${phoneSeq}`, ...client };
      // A client with an e-mail or a wish is made on their card first, as the shop would.
      let party: Record<string, unknown> = { mode: 'new', ...fields };
      if ('email' in client || 'messagePref' in client) {
        const made = await call('POST', '/api/clients', fields);
        expect(made.statusCode, made.body).toBe(201);
        party = { mode: 'existing', clientId: json<{ client: { id: number } }>(made).client.id };
      }
      const created = await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        device: 'Ноутбук ASUS',
        client: party,
      });
      expect(created.statusCode, created.body).toBe(201);
      return ticketOf(created);
    };
    const stepTo = async (ticket: TicketDetailDto, status: string) => {
      let current = ticket;
      while (current.status !== status) {
        const stepped = await call('POST', `/api/tickets/${current.id}/step`, {
          direction: 'forward',
          expectedStatus: current.status,
        });
        expect(stepped.statusCode, stepped.body).toBe(200);
        current = ticketOf(stepped);
      }
      return current;
    };

    beforeAll(async () => {
      owner = await ctx.register({ displayName: 'Хозяинов Олег' });
      const saved = await call('PUT', '/api/notices/secrets', {
        smsApiId: sms.apiId,
        telegramToken: FAKE_BOT_TOKEN,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('never sends a key back, and keeps the rules and keys for «Настройки» only', async () => {
      const state = await call('GET', '/api/notices');
      expect(state.statusCode).toBe(200);
      expect(state.body).not.toContain(sms.apiId);
      expect(state.body).not.toContain(FAKE_BOT_TOKEN);
      expect(json<{ channels: unknown }>(state).channels).toEqual({
        sms: { configured: true },
        telegram: { configured: true, bot: telegram.username },
        email: { configured: true },
      });
      const master = await ctx.loginAs('employee');
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/notices',
        headers: { cookie: master.cookie },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await call('PUT', '/api/notices/secrets', { telegramToken: 'не токен' });
      expect(bad.statusCode).toBe(400);
      expect(json<{ error: { message: string } }>(bad).error.message).toContain('@BotFather');
    });

    it('sends «принята» by SMS when the client has only a phone, then reads its delivery', async () => {
      const ticket = await newTicket();
      const [queued] = await messagesOf(ticket.id);
      expect(queued).toMatchObject({ event: 'accepted', channel: 'sms', state: 'queued', reason: '' });
      expect(queued!.text).toContain(`Заявка #${ticket.id} (Ноутбук ASUS) оформлена`);
      await tick();
      const sent = sms.sent.at(-1)!;
      expect(sent.to).toBe(`7999123${phoneSeq}`);
      expect(sent.msg).toBe(queued!.text);
      expect((await messagesOf(ticket.id))[0]).toMatchObject({ state: 'sent', tries: 1 });
      ctx.clock.advance(2 * SECOND);
      await tick();
      expect((await messagesOf(ticket.id))[0]).toMatchObject({ state: 'delivered' });
      const count = json<{ smsCount: { today: number } }>(await call('GET', '/api/notices')).smsCount;
      expect(count.today).toBeGreaterThanOrEqual(1);
    });

    it('retries a gateway that is down, then shows the failure on the ticket', async () => {
      sms.setMode('down');
      try {
        const ticket = await newTicket();
        const before = sms.requests.length;
        await tick();
        expect((await messagesOf(ticket.id))[0]).toMatchObject({
          state: 'queued',
          tries: 1,
          reason: 'Попытка 1 не удалась: SMS.ru недоступен (HTTP 503)',
        });
        await tick(); // not due yet: no request
        expect(sms.requests.length).toBe(before + 1);
        ctx.clock.advance(1 * SECOND);
        await tick();
        ctx.clock.advance(2 * SECOND);
        await tick();
        expect((await messagesOf(ticket.id))[0]).toMatchObject({
          state: 'failed',
          tries: 3,
          reason: 'SMS.ru недоступен (HTTP 503)',
        });
        expect(sms.requests.length).toBe(before + 3);
      } finally {
        sms.setMode('ok');
      }
    });

    it('gives up at once on a refusal, and cuts a gateway that does not answer', async () => {
      sms.setMode('no-money');
      const poor = await newTicket();
      await tick();
      expect((await messagesOf(poor.id))[0]).toMatchObject({
        state: 'failed',
        tries: 1,
        reason: 'На счёте SMS.ru не хватает денег',
      });
      sms.setMode('hang');
      try {
        const silent = await newTicket();
        await tick();
        expect((await messagesOf(silent.id))[0]).toMatchObject({
          state: 'queued',
          reason: 'Попытка 1 не удалась: SMS.ru не ответил вовремя',
        });
      } finally {
        sms.setMode('ok');
      }
    });

    it('connects the client’s Telegram by /start, writes there, and stops on /stop', async () => {
      const ticket = await newTicket();
      await tick();
      const linked = await call('POST', `/api/tickets/${ticket.id}/telegram-link`);
      const { link } = json<{ link: string }>(linked);
      expect(link).toMatch(new RegExp(`^https://t\\.me/${telegram.username}\\?start=[A-Za-z0-9_-]{24}$`));
      const token = new URL(link).searchParams.get('start')!;
      telegram.clientSends(7001, `/start ${token}`);
      expect(await notices(ctx).poller.pollOnce(0)).toBe(true);
      expect(telegram.sent.at(-1)).toMatchObject({ chat_id: '7001' });
      expect(telegram.sent.at(-1)!.text).toContain(`#${ticket.id}`);

      const ready = await stepTo(ticket, 'repair_done');
      const [message] = await messagesOf(ready.id);
      expect(message).toMatchObject({
        event: 'ready',
        channel: 'telegram',
        recipient: 'Telegram',
        state: 'queued',
      });
      await tick();
      expect(telegram.sent.at(-1)).toEqual({ chat_id: '7001', text: message!.text });
      expect((await messagesOf(ready.id))[0]).toMatchObject({ state: 'delivered' });

      telegram.clientSends(7001, '/stop');
      await notices(ctx).poller.pollOnce(0);
      const client = json<{ client: { telegramConnected: boolean } }>(
        await call('GET', `/api/clients/${ticket.clientId}`),
      ).client;
      expect(client.telegramConnected).toBe(false);
      telegram.clientSends(7002, '/start AAAAAAAAAAAAAAAAAAAAAAAA');
      await notices(ctx).poller.pollOnce(0);
      expect(telegram.sent.at(-1)!.text).toContain('Ссылка устарела');
    });

    it('disconnects a client who blocked the bot, and says so on the ticket', async () => {
      const ticket = await newTicket();
      const { link } = json<{ link: string }>(await call('POST', `/api/tickets/${ticket.id}/telegram-link`));
      telegram.clientSends(7003, `/start ${new URL(link).searchParams.get('start')}`);
      await notices(ctx).poller.pollOnce(0);
      telegram.setMode('blocked');
      try {
        await call('POST', `/api/tickets/${ticket.id}/payments`, {
          kind: 'payment',
          method: 'cash',
          amount: 1000,
        });
        const rules = json<{ settings: Record<string, unknown> }>(await call('GET', '/api/notices')).settings;
        await call('PUT', '/api/notices', { ...rules, payment: 'telegram' });
        await call('POST', `/api/tickets/${ticket.id}/payments`, {
          kind: 'payment',
          method: 'card',
          amount: 1000,
        });
        await tick();
        const [message] = await messagesOf(ticket.id);
        expect(message).toMatchObject({
          event: 'payment',
          state: 'failed',
          reason: 'Клиент остановил бота в Telegram',
        });
        const client = json<{ client: { telegramConnected: boolean } }>(
          await call('GET', `/api/clients/${ticket.clientId}`),
        ).client;
        expect(client.telegramConnected).toBe(false);
      } finally {
        telegram.setMode('ok');
      }
    });

    it('writes by e-mail to a client who asked for it, and not at all to one who asked not to be written to', async () => {
      const wantsMail = await newTicket({ email: 'anna@example.ru', messagePref: 'email' });
      await tick();
      // The inbox parses a letter after the server has said «accepted».
      const mail = await vi.waitFor(() => {
        const found = mails.find((one) => one.subject?.endsWith(`#${wantsMail.id}`));
        if (!found) throw new Error('no letter yet');
        return found;
      });
      expect(mail.subject).toBe(`GL Задачи: заявка #${wantsMail.id}`);
      expect(mail.text).toContain(`Заявка #${wantsMail.id}`);
      expect((await messagesOf(wantsMail.id))[0]).toMatchObject({
        channel: 'email',
        recipient: 'anna@example.ru',
        state: 'sent',
      });

      const silent = await newTicket({ messagePref: 'none' });
      expect(await messagesOf(silent.id)).toMatchObject([
        { state: 'skipped', channel: null, reason: 'Клиент просил не писать ему' },
      ]);
      const bad = await call('POST', '/api/clients', { fullName: 'Почтов Павел', email: 'не почта' });
      expect(bad.statusCode).toBe(400);
    });

    it('does not send what waits in the queue once the client asked not to be written to', async () => {
      const ticket = await newTicket();
      const changed = await call('PATCH', `/api/clients/${ticket.clientId}`, { messagePref: 'none' });
      expect(changed.statusCode, changed.body).toBe(200);
      await tick();
      expect((await messagesOf(ticket.id))[0]).toMatchObject({
        state: 'skipped',
        reason: 'Клиент просил не писать ему',
      });
      const history = json<{ client: { history: { newValue: string }[] } }>(
        await call('GET', `/api/clients/${ticket.clientId}`),
      ).client.history;
      expect(history.map((entry) => entry.newValue)).toContain('Не писать');
    });

    it('reminds once of a device not picked up after the set days', async () => {
      const ticket = await stepTo(await newTicket(), 'repair_done');
      await tick();
      expect(await notices(ctx).remind()).toBe(0);
      ctx.clock.advance(3 * 86_400_000 + SECOND);
      expect(await notices(ctx).remind()).toBeGreaterThanOrEqual(1);
      expect(await notices(ctx).remind()).toBe(0);
      const [reminder] = await messagesOf(ticket.id);
      expect(reminder).toMatchObject({ event: 'not_picked_up', channel: 'sms' });
      expect(reminder!.text).toContain('Ждём вас!');
    });

    it('sends a test on «Отправить тест», and holds SMS past the day’s cap until tomorrow', async () => {
      const tried = await call('POST', '/api/notices/test', { channel: 'sms', to: '+7 999 000-00-01' });
      expect(json<{ ok: boolean; detail: string }>(tried)).toEqual({
        ok: true,
        detail: 'SMS отправлено на +7 999 000-00-01',
      });
      expect(sms.sent.at(-1)?.to).toBe('79990000001');
      const bot = await call('POST', '/api/notices/test', { channel: 'telegram', to: '' });
      expect(json<{ ok: boolean }>(bot).ok).toBe(true);
      const noNumber = await call('POST', '/api/notices/test', { channel: 'sms', to: '' });
      expect(noNumber.statusCode).toBe(400);

      await newTicket();
      await tick(); // one SMS today at least
      const state = json<{ settings: Record<string, unknown>; smsCount: { today: number } }>(
        await call('GET', '/api/notices'),
      );
      await call('PUT', '/api/notices', { ...state.settings, smsDailyCap: String(state.smsCount.today) });
      try {
        const ticket = await newTicket();
        await tick();
        const [held] = await messagesOf(ticket.id);
        expect(held).toMatchObject({
          state: 'queued',
          reason: `Дневной лимит SMS (${state.smsCount.today}) исчерпан: отправится завтра`,
        });
      } finally {
        const now = json<{ settings: Record<string, unknown> }>(await call('GET', '/api/notices')).settings;
        await call('PUT', '/api/notices', { ...now, smsDailyCap: '100' });
      }
    });

    it('prints the lookup page and the Telegram link on the receipt', async () => {
      const ticket = await newTicket();
      const receipt = json<{ document: { notes: string[] } }>(
        await call('GET', `/api/tickets/${ticket.id}/documents/receipt`),
      ).document;
      expect(receipt.notes).toContain(
        `Статус ремонта: https://r.example/find — номер заявки #${ticket.id} и 4 последние цифры телефона.`,
      );
      expect(receipt.notes.join('\n')).toMatch(
        /Сообщения о ремонте в Telegram: https:\/\/t\.me\/glz_test_bot\?start=/,
      );
    });

    it('holds a message made at night until the quiet hours end, in the shop’s zone', async () => {
      // 22:30 in Moscow (UTC+3) on some later day.
      const now = ctx.clock.now();
      const night = new Date(now);
      night.setUTCHours(19, 30, 0, 0);
      if (night <= now) night.setUTCDate(night.getUTCDate() + 1);
      ctx.clock.advance(night.getTime() - now.getTime());
      const ticket = await newTicket();
      const [held] = await messagesOf(ticket.id);
      expect(held).toMatchObject({ state: 'queued', reason: 'Тихие часы: отправится в 09:00' });
      const morning = new Date(night);
      morning.setUTCDate(morning.getUTCDate() + 1);
      morning.setUTCHours(6, 0, 0, 0);
      expect(held!.sendAt).toBe(morning.toISOString());
      const sentBefore = sms.sent.length;
      const toThisClient = () =>
        sms.sent.slice(sentBefore).filter((one) => one.to === `7999123${phoneSeq}`).length;
      await tick();
      ctx.clock.advance(morning.getTime() - night.getTime() - SECOND);
      await tick();
      expect(toThisClient()).toBe(0);
      ctx.clock.advance(2 * SECOND);
      await tick();
      expect(toThisClient()).toBe(1);
      expect((await messagesOf(ticket.id))[0]).toMatchObject({ state: 'sent' });
    });
  },
  {
    config: {
      publicUrl: 'https://r.example',
      noticeEndpoints: { smsRuUrl: sms.url, telegramUrl: telegram.url, timeoutMs: 300 },
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        from: 'Сервис <shop@example.ru>',
        publicUrl: 'https://r.example',
      },
    },
    notices: { manual: true, sendDelaysMs: [1 * SECOND, 2 * SECOND], checkDelaysMs: [1 * SECOND] },
  },
);

describeEachDatabase(
  'automatic client messages with two instances on one database',
  (ctx) => {
    let owner: SignedIn;
    let second: Database;
    let other: ClientNotices;
    const call = apiCaller(ctx, () => owner);
    const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

    beforeAll(async () => {
      owner = await ctx.register({ displayName: 'Хозяинов Олег' });
      await call('PUT', '/api/notices/secrets', { smsApiId: sms.apiId, telegramToken: FAKE_BOT_TOKEN });
      second = ctx.openAnotherDatabase();
      other = createClientNotices({
        db: second.db,
        clock: ctx.clock,
        log: quiet,
        mailer: null,
        endpoints: { smsRuUrl: sms.url, telegramUrl: telegram.url, timeoutMs: 2000 },
        publicUrl: undefined,
        appName: 'GL Задачи',
        changed: () => {},
        manual: true,
      });
    });
    afterAll(async () => {
      await other.close();
      await second.destroy();
    });

    it('sends each message once when both send at the same moment', async () => {
      const phones = Array.from({ length: 12 }, (_, i) => `8 912 555-${String(1000 + i)}`);
      for (const phone of phones) {
        const created = await call('POST', '/api/tickets', {
          title: 'Гарантийный ремонт',
          intake: 'walk_in',
          client: { mode: 'new', fullName: 'Двойнов Дмитрий', phone },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const sentBefore = sms.sent.length;
      await Promise.all([
        ctx.app.notices.dispatcher.tick(),
        other.dispatcher.tick(),
        other.dispatcher.tick(),
      ]);
      const numbers = phones.map((phone) => `7${phone.replace(/\D/g, '').slice(1)}`);
      const sent = sms.sent
        .slice(sentBefore)
        .filter((one) => numbers.includes(one.to))
        .map((one) => one.to);
      expect(sent.sort()).toEqual([...numbers].sort());
    });

    it('asks Telegram for the bot’s messages from one instance at a time', async () => {
      const overlaps = telegram.overlaps();
      const asked = await Promise.all([ctx.app.notices.poller.pollOnce(1), other.poller.pollOnce(1)]);
      expect(asked.filter(Boolean)).toHaveLength(1);
      expect(telegram.overlaps()).toBe(overlaps);
    });
  },
  {
    config: { noticeEndpoints: { smsRuUrl: sms.url, telegramUrl: telegram.url, timeoutMs: 2000 } },
    notices: { manual: true },
  },
);
