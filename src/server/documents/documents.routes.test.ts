import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { TicketDocument } from '../../domain/ticket-documents';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { multipart } from '../test/multipart';
import { pdfPageSize, pdfText } from '../test/pdf-tools';
import { apiCaller, describeEachDatabase, type SignedIn, testConfig } from '../test/test-app';

describeEachDatabase('printed documents', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  let ticket: TicketDetailDto;

  const call = apiCaller(ctx, () => staff);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
    const shop = await call(
      'PUT',
      '/api/settings/shop',
      {
        version: 1,
        name: 'Сервис «Ёлка»',
        legalName: 'ИП Ёлкин Евгений Юрьевич',
        inn: '770123456789',
        ogrn: '312774600012345',
        address: 'г. Москва, ул. Щукинская, д. 2',
        phone: '+7 495 000-00-00',
        hours: 'Пн–Пт 10:00–19:00',
        receiptTerms: 'Устройство хранится 30 дней после извещения о готовности.',
      },
      admin,
    );
    expect(shop.statusCode, shop.body).toBe(200);
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Щукина Юлия Эдуардовна', phone: '8 912 555-66-77' },
      device: 'Ноутбук ASUS VivoBook 15',
      serialNumber: 'SN-ЖЁ-42-QX',
      warrantyCard: 'ГТ-77',
      kit: 'Зарядное устройство, сумка',
      condition: 'Царапина на крышке',
      complaint: 'Не включается после обновления',
    });
    expect(created.statusCode, created.body).toBe(201);
    ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    const summary = await call('PATCH', `/api/tickets/${ticket.id}`, {
      repairSummary: 'Заменён контроллер питания',
    });
    expect(summary.statusCode, summary.body).toBe(200);
  });

  it('gives the print page the receipt: requisites, client, device, terms, signatures, a QR code', async () => {
    const response = await call('GET', `/api/tickets/${ticket.id}/documents/receipt`);
    expect(response.statusCode, response.body).toBe(200);
    const { document, qrSvg, logoUrl } = response.json<{
      document: TicketDocument;
      qrSvg: string;
      logoUrl: string | null;
    }>();
    expect(document).toMatchObject({
      title: 'Приёмная квитанция',
      number: `#${ticket.id}`,
      fileName: `kvitanciya-${ticket.id}.pdf`,
      shop: { name: 'Сервис «Ёлка»', hasLogo: false },
      notes: ['Устройство хранится 30 дней после извещения о готовности.'],
      signatures: [
        { role: 'Сдал (клиент)', name: 'Щукина Юлия Эдуардовна' },
        { role: 'Принял (сотрудник)', name: staff.user.displayName },
      ],
      qr: { text: `#${ticket.id}`, caption: `Заявка #${ticket.id}` },
    });
    expect(document.shop.details).toEqual([
      'ИП Ёлкин Евгений Юрьевич',
      'ИНН 770123456789, ОГРН 312774600012345',
      'г. Москва, ул. Щукинская, д. 2',
      'Тел.: +7 495 000-00-00',
      'Часы работы: Пн–Пт 10:00–19:00',
    ]);
    const fields = document.sections.flatMap((s) => s.fields.map((f) => `${f.label}: ${f.value}`));
    expect(fields).toEqual(
      expect.arrayContaining([
        'ФИО: Щукина Юлия Эдуардовна',
        'Телефон: +7 912 555-66-77',
        'Устройство: Ноутбук ASUS VivoBook 15',
        'Серийный номер / IMEI: SN-ЖЁ-42-QX',
        'Как принят: Через ПВЗ',
        'Неисправность со слов клиента: Не включается после обновления',
      ]),
    );
    expect(fields.some((f) => f.startsWith('Выполненные работы'))).toBe(false);
    expect(qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(logoUrl).toBeNull();
  });

  it('downloads the receipt and the act as PDFs whose text holds the client, device and serial in Cyrillic', async () => {
    const receipt = await call('GET', `/api/tickets/${ticket.id}/documents/receipt/pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(
      `attachment; filename="kvitanciya-${ticket.id}.pdf"; filename*=UTF-8''kvitanciya-${ticket.id}.pdf`,
    );
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageSize(receipt.rawPayload)).toBe('595.28 x 841.89');
    const receiptText = pdfText(receipt.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Приёмная квитанция',
      `Заявка #${ticket.id}`,
      'Сервис «Ёлка»',
      'ИНН 770123456789',
      'Щукина Юлия Эдуардовна',
      '+7 912 555-66-77',
      'Ноутбук ASUS VivoBook 15',
      'SN-ЖЁ-42-QX',
      'Зарядное устройство, сумка',
      'Не включается после обновления',
      'Устройство хранится 30 дней',
      'Сдал (клиент)',
      'Принял (сотрудник)',
    ]) {
      expect(receiptText).toContain(expected);
    }

    const act = await call('GET', `/api/tickets/${ticket.id}/documents/act/pdf`);
    expect(act.statusCode).toBe(200);
    const actText = pdfText(act.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Акт выдачи',
      'Щукина Юлия Эдуардовна',
      'SN-ЖЁ-42-QX',
      'Выполненные работы',
      'Заменён контроллер питания',
      'Выдал (сотрудник)',
      'Получил (клиент)',
      'претензий к выполненным работам не имею',
    ]) {
      expect(actText).toContain(expected);
    }
  });

  it('prints the label on a 58×40 mm page', async () => {
    const label = await call('GET', `/api/tickets/${ticket.id}/documents/label/pdf`);
    expect(label.statusCode).toBe(200);
    expect(pdfPageSize(label.rawPayload)).toBe('164.409 x 113.386');
    const text = pdfText(label.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`#${ticket.id}`);
    expect(text).toContain('Ноутбук ASUS');
    expect(text).toContain('Щукина');
  });

  it('dates the paper in the time zone of the person printing, whatever the server’s', async () => {
    const at = (tz: string) =>
      call('GET', `/api/tickets/${ticket.id}/documents/receipt?tz=${encodeURIComponent(tz)}`).then(
        (r) => r.json<{ document: TicketDocument }>().document.subtitle,
      );
    // Created at 09:00 UTC (the test clock).
    expect(await at('Asia/Vladivostok')).toBe(`Заявка #${ticket.id} от 22.11.2026 19:00`);
    expect(await at('Europe/Moscow')).toBe(`Заявка #${ticket.id} от 22.11.2026 12:00`);
    // An unknown zone is ignored: the server's own time, never an error.
    const fallback = await call('GET', `/api/tickets/${ticket.id}/documents/receipt?tz=Mars%2FOlympus`);
    expect(fallback.statusCode).toBe(200);
    const pdf = await call('GET', `/api/tickets/${ticket.id}/documents/act/pdf?tz=Asia/Vladivostok`);
    expect(pdfText(pdf.rawPayload)).toContain('от 22.11.2026 19:00');
  });

  it('answers an unknown document or ticket with 404 in Russian', async () => {
    const kind = await call('GET', `/api/tickets/${ticket.id}/documents/invoice`);
    expect(kind.statusCode).toBe(404);
    expect(kind.json().error.message).toBe('Такого документа нет');
    const missing = await call('GET', '/api/tickets/999999/documents/receipt/pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Заявка не найдена');
  });

  it('an admin sets a logo: stored as PNG, printed, replaced whole, removed; an employee may not', async () => {
    const upload = async (who: SignedIn, content: Buffer, filename = 'logo.jpg') => {
      const body = multipart([{ filename, content, type: 'image/jpeg' }]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/settings/shop/logo',
        headers: { ...body.headers, cookie: who.cookie },
        payload: body.payload,
      });
    };
    const jpeg = await sharp({
      create: { width: 2400, height: 800, channels: 3, background: '#c33' },
    })
      .jpeg()
      .toBuffer();
    expect((await upload(staff, jpeg)).statusCode).toBe(403);

    const set = await upload(admin, jpeg);
    expect(set.statusCode, set.body).toBe(200);
    const logoUrl = set.json<{ logoUrl: string }>().logoUrl;
    expect(logoUrl).toMatch(/^\/api\/settings\/shop\/logo\?v=logo-\d+-[0-9a-f]{8}\.png$/);
    const served = await call('GET', logoUrl);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 900, height: 300 });

    const page = (await call('GET', `/api/tickets/${ticket.id}/documents/receipt`)).json<{
      document: TicketDocument;
      logoUrl: string;
    }>();
    expect(page.document.shop.hasLogo).toBe(true);
    expect(page.logoUrl).toBe(logoUrl);
    const pdf = await call('GET', `/api/tickets/${ticket.id}/documents/receipt/pdf`);
    expect(pdf.statusCode).toBe(200);
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
    expect(images).toMatch(/image\s+900\s+300/);

    // Not an image: refused in Russian, the logo stays as it was.
    const broken = await upload(admin, Buffer.from('not a picture'), 'logo.png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('Файл «logo.png» — не изображение');
    expect((await call('GET', '/api/settings/shop')).json().logoUrl).toBe(logoUrl);

    // A new one replaces it (in the same millisecond too: a new address); the old file is gone.
    const replaced = (await upload(admin, jpeg)).json<{ logoUrl: string }>().logoUrl;
    expect(replaced).not.toBe(logoUrl);
    const logoFiles = fs.readdirSync(path.join(ctx.dataDir, 'files', 'settings'));
    expect(logoFiles).toEqual([replaced.replace(/^.*v=/, '')]);

    const removed = await call('DELETE', '/api/settings/shop/logo', undefined, admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/api/settings/shop/logo')).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'files', 'settings'))).toEqual([]);
  });
});

describeEachDatabase(
  'printed documents with PUBLIC_URL',
  (ctx) => {
    it('puts the client’s status link in the QR code, and the link opens the status page', async () => {
      const staff = await ctx.loginAs('employee');
      const call = apiCaller(ctx, () => staff);
      const created = await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: 'Кодов Куар' },
      });
      const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
      const page = (await call('GET', `/api/tickets/${ticket.id}/documents/receipt`)).json<{
        document: TicketDocument;
      }>();
      expect(page.document.qr).toEqual({
        text: `https://remont.example${ticket.statusPath}`,
        caption: 'Статус ремонта по QR-коду',
      });
      const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.publicUrl).toBe('https://remont.example');
      expect((await ctx.app.inject({ method: 'GET', url: ticket.statusPath })).statusCode).toBe(200);
    });
  },
  { config: testConfig({ publicUrl: 'https://remont.example/' }) },
);
