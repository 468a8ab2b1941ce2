import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { FAKE_BOT_TOKEN, startFakeTelegram } from '../test/fake-telegram';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { LOOKUP_LIMIT, LOOKUP_NOT_FOUND, LOOKUP_PER_TICKET } from './status-page.routes';

// Issue 54: a client who lost the link finds the status page by the ticket's number and the last
// four digits of their phone — limited per address, and a wrong pair says nothing about tickets.

const telegram = await startFakeTelegram();
afterAll(() => telegram.close());

describeEachDatabase(
  'the status lookup by number and phone',
  (ctx) => {
    let staff: SignedIn;
    let ticket: TicketDetailDto;
    const call = apiCaller(ctx, () => staff);
    const find = (number: string, digits: string, remoteAddress = '203.0.113.7') =>
      ctx.app.inject({
        method: 'POST',
        url: '/find',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ number, digits }).toString(),
      });

    beforeAll(async () => {
      staff = await ctx.register({ displayName: 'Приёмщиков Пётр' });
      const created = await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName: 'Искомова Ирина', phone: '+7 916 555-43-21' },
      });
      ticket = (created.json() as { ticket: TicketDetailDto }).ticket;
    });

    it('shows a form, and leads the right pair to the status page', async () => {
      const form = await ctx.app.inject({ method: 'GET', url: '/find', remoteAddress: '203.0.113.7' });
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('Последние 4 цифры телефона');
      expect(form.headers['cache-control']).toBe('no-store');
      const found = await find(`#${ticket.id}`, '4321');
      expect(found.statusCode).toBe(303);
      expect(found.headers.location).toBe(ticket.statusPath);
      const page = await ctx.app.inject({ method: 'GET', url: String(found.headers.location) });
      expect(page.body).toContain(`Заявка #${ticket.id}`);
    });

    it('answers a wrong number and wrong digits alike', async () => {
      const wrongDigits = await find(String(ticket.id), '0000');
      const wrongNumber = await find(String(ticket.id + 1000), '4321');
      expect(wrongDigits.statusCode).toBe(404);
      expect(wrongNumber.statusCode).toBe(404);
      expect(wrongDigits.body).toContain(LOOKUP_NOT_FOUND);
      expect(wrongNumber.body).toContain(LOOKUP_NOT_FOUND);
      const unreadable = await find('abc', '12');
      expect(unreadable.statusCode).toBe(400);
    });

    it('stops an address that keeps guessing', async () => {
      const address = '198.51.100.99';
      for (let i = 0; i < LOOKUP_LIMIT.limit; i += 1)
        await find(String(ticket.id), String(1000 + i), address);
      const stopped = await find(String(ticket.id), '4321', address);
      expect(stopped.statusCode).toBe(429);
      // Another address is not held up.
      expect((await find(String(ticket.id), '4321', '198.51.100.100')).statusCode).toBe(303);
    });

    it('stops guessing one ticket from many addresses', async () => {
      const other = (
        (
          await call('POST', '/api/tickets', {
            title: 'Гарантийный ремонт',
            intake: 'walk_in',
            client: { mode: 'new', fullName: 'Угадайкина Ульяна', phone: '+7 916 555-00-77' },
          })
        ).json() as { ticket: TicketDetailDto }
      ).ticket;
      for (let i = 0; i < LOOKUP_PER_TICKET.limit; i += 1) {
        await find(String(other.id), String(2000 + i), `192.0.2.${i + 1}`);
      }
      expect((await find(String(other.id), '0077', '192.0.2.200')).statusCode).toBe(429);
    });

    it('invites the client to the shop’s Telegram bot on the status page, once the shop has one', async () => {
      const before = await ctx.app.inject({ method: 'GET', url: ticket.statusPath });
      expect(before.body).not.toContain('Подключить Telegram');
      await call('PUT', '/api/notices/secrets', { telegramToken: FAKE_BOT_TOKEN });
      const after = await ctx.app.inject({ method: 'GET', url: ticket.statusPath });
      expect(after.body).toContain('Подключить Telegram');
      expect(after.body).toMatch(/href="https:\/\/t\.me\/glz_test_bot\?start=[A-Za-z0-9_-]{24}"/);
    });
  },
  {
    config: { noticeEndpoints: { telegramUrl: telegram.url, smsRuUrl: undefined, timeoutMs: 2000 } },
    notices: { manual: true },
  },
);
