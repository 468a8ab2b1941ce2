import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { clientKey, STATUS_PAGE_LIMIT } from './status-page.routes';

// Issue 19: the client's page at /s/<token>, open without signing in, showing the stage and
// nothing internal; a wrong or replaced token is a plain 404.
describeEachDatabase('public status page', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  let ticket: TicketDetailDto;
  const call = apiCaller(ctx, () => staff);
  const open = (path: string, ip = '203.0.113.7') =>
    ctx.app.inject({ method: 'GET', url: path, remoteAddress: ip });

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.register({ displayName: 'Мастеров Секретный' });
    await call(
      'PUT',
      '/api/settings/shop',
      {
        version: 1,
        name: 'Сервис «Ёлка» <script>alert(1)</script>',
        phone: '8 495 000-00-00',
        address: 'Москва, ул. Щукинская, 2 <img src=x onerror=alert(1)>',
        hours: '10–19 "&"',
      },
      admin,
    );
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Клиентова Тайна', phone: '8 912 111-22-33' },
      description: 'ВНУТРЕННЯЯ ЗАМЕТКА: клиент ругался',
      device: 'Ноутбук ASUS <b>VivoBook</b>',
      serialNumber: 'SN-SECRET-1',
      assigneeId: staff.user.id,
    });
    ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    ctx.clock.advance(86_400_000);
    await call('POST', `/api/tickets/${ticket.id}/step`, { direction: 'forward', expectedStatus: 'new' });
    await call('PATCH', `/api/tickets/${ticket.id}`, {
      repairSummary: 'ИТОГ ДЛЯ СВОИХ',
      deliveryProvider: 'cdek',
    });
    ctx.clock.advance(86_400_000);
    await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'delivery_requested',
    });
    // Money (issue 50): the client reads what is due, never the lines' names or the payments' notes.
    await call('POST', `/api/tickets/${ticket.id}/lines`, {
      kind: 'part',
      name: 'СЕКРЕТНАЯ ЗАПЧАСТЬ',
      price: 250000,
    });
    await call('POST', `/api/tickets/${ticket.id}/payments`, {
      kind: 'payment',
      method: 'cash',
      amount: 100000,
      note: 'ЗАМЕТКА КАССИРА',
    });
    // Comments (issue 55) are the staff's own: never on the client's page or on papers.
    const commented = await call('POST', `/api/tickets/${ticket.id}/comments`, {
      body: 'КОММЕНТАРИЙ ДЛЯ СВОИХ: @Мастеров Секретный, клиент скандальный',
      clientKey: 'status-page-comment-1',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    ticket = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
  });

  it('opens signed out: the stage in the client’s words, dates, the shop, nothing internal', async () => {
    expect(ticket.statusPath).toMatch(/^\/s\/[A-Za-z0-9_-]{24}$/);
    const page = await open(ticket.statusPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`Заявка #${ticket.id}`);
    // Escaped, never markup.
    expect(html).toContain('Ноутбук ASUS &#60;b&#62;VivoBook&#60;/b&#62;');
    expect(html).toContain('<p class="now">Посылка пришла в ПВЗ, скоро заберём её в ремонт</p>');
    expect(html).toContain('<p class="line due">К оплате: 1\u00a0500,00\u00a0₽</p>');
    expect(html).toMatch(
      /<li class="done"><span class="text">Ждём вашу посылку<\/span> <time datetime="2026-11-22T09:00:00.000Z">/,
    );
    expect(html).toContain('<time datetime="2026-11-24T09:00:00.000Z">');
    expect(html).toContain('Сервис «Ёлка» &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Москва, ул. Щукинская, 2 &#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('Часы работы: 10–19 &#34;&#38;&#34;');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('href="tel:+74950000000"');
    expect(html).toContain('Позвонить +7 495 000-00-00');
    for (const secret of [
      'ВНУТРЕННЯЯ ЗАМЕТКА',
      'ИТОГ ДЛЯ СВОИХ',
      'Мастеров Секретный',
      'Клиентова Тайна',
      '912',
      'SN-SECRET-1',
      'СДЭК',
      'Прибыл в ПВЗ',
      'СЕКРЕТНАЯ ЗАПЧАСТЬ',
      'ЗАМЕТКА КАССИРА',
      'КОММЕНТАРИЙ ДЛЯ СВОИХ',
      'скандальный',
      '2\u00a0500',
      'Наличные',
    ]) {
      expect(html).not.toContain(secret);
    }
  });

  it('leaves comments off every paper', async () => {
    for (const kind of ['receipt', 'act', 'label']) {
      const paper = await call('GET', `/api/tickets/${ticket.id}/documents/${kind}`);
      expect(paper.statusCode, paper.body).toBe(200);
      expect(paper.body).not.toContain('КОММЕНТАРИЙ ДЛЯ СВОИХ');
      expect(paper.body).not.toContain('скандальный');
    }
  });

  it('answers a wrong, malformed or replaced token, or a ticket in the Корзина, with a plain 404', async () => {
    for (const path of [
      '/s/AAAAAAAAAAAAAAAAAAAAAAAA',
      '/s/short',
      '/s/' + 'x'.repeat(90),
      '/s/ABCDEFGHIJKL%20NOPQRSTUVWX',
    ]) {
      const page = await open(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body).toContain('Страница не найдена');
      expect(page.body).not.toContain('Заявка #');
    }

    const replaced = await call('POST', `/api/tickets/${ticket.id}/status-link`);
    expect(replaced.statusCode).toBe(200);
    const fresh = replaced.json<{ ticket: TicketDetailDto }>().ticket;
    expect(fresh.statusPath).not.toBe(ticket.statusPath);
    expect(fresh.history[0]).toMatchObject({ action: 'new_status_link', userName: 'Мастеров Секретный' });
    expect((await open(ticket.statusPath)).statusCode).toBe(404);
    expect((await open(fresh.statusPath)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/tickets/${ticket.id}`)).statusCode).toBe(204);
    expect((await open(fresh.statusPath)).statusCode).toBe(404);
    const inTrash = await call('POST', `/api/tickets/${ticket.id}/status-link`);
    expect(inTrash.statusCode).toBe(409);
    expect((await call('POST', `/api/trash/ticket/${ticket.id}/restore`)).statusCode).toBeLessThan(300);
    expect((await open(fresh.statusPath)).statusCode).toBe(200);
    ticket = fresh;
  });

  it('opens with a slash added to the link too', async () => {
    expect((await open(`${ticket.statusPath}/`)).statusCode).toBe(200);
  });

  it('limits page views per address, in Russian, without touching other addresses', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < STATUS_PAGE_LIMIT.limit; i++) {
      expect((await open(ticket.statusPath, ip)).statusCode).toBe(200);
    }
    const limited = await open(ticket.statusPath, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Слишком много запросов');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(ticket.statusPath, '198.51.100.21')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so walking through its addresses does not escape the limit', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
  });

  it('gives an older ticket without a token one the first time it is read', async () => {
    await ctx.database.db
      .updateTable('tickets')
      .set({ status_token: null })
      .where('id', '=', ticket.id)
      .execute();
    const read = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(read.statusPath).toMatch(/^\/s\/[A-Za-z0-9_-]{24}$/);
    const again = (await call('GET', `/api/tickets/${ticket.id}`)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(again.statusPath).toBe(read.statusPath);
    expect((await open(read.statusPath)).statusCode).toBe(200);
  });

  it('records a message sent by WhatsApp or SMS in the history; anything else is refused in Russian', async () => {
    const sent = await call('POST', `/api/tickets/${ticket.id}/messages`, { channel: 'whatsapp' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ ticket: TicketDetailDto }>().ticket.history[0]).toMatchObject({
      action: 'message_sent',
      newValue: 'WhatsApp',
    });
    const sms = await call('POST', `/api/tickets/${ticket.id}/messages`, { channel: 'sms' });
    expect(sms.json<{ ticket: TicketDetailDto }>().ticket.history[0]).toMatchObject({ newValue: 'SMS' });
    const bad = await call('POST', `/api/tickets/${ticket.id}/messages`, { channel: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Укажите, как отправлено сообщение');
  });
});
