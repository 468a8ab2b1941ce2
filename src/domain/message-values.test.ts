import { describe, expect, it } from 'vitest';
import { addressName, smsLink, whatsappMessageLink } from './client-message';
import { DEFAULT_TEMPLATES, fillTemplate, templateFor } from './message-templates';
import { messageValues, type MessageTicket } from './message-values';

const TICKET: MessageTicket = {
  id: 41,
  status: 'notify_client',
  intake: 'pvz',
  clientName: 'Щукина Юлия Эдуардовна',
  device: 'Ноутбук ASUS',
  deliveryProvider: 'cdek',
  returnProvider: 'ozon',
};
const SHOP = { name: 'Сервис «Ёлка»', phone: '84950000000' };
const LINK = 'https://remont.example/s/AbCdEfGhIjKlMnOpQrStUvWx';

describe('message values', () => {
  it('greets by name and patronymic, names the right service before and after the repair', () => {
    expect(addressName('Щукина Юлия Эдуардовна')).toBe('Юлия Эдуардовна');
    expect(addressName('  Юлия   ')).toBe('Юлия');
    expect(addressName('Anna Smith')).toBe('Anna Smith');
    expect(addressName('Сидоров Игорь')).toBe('Игорь');
    expect(addressName('Игорь Сидоров')).toBe('Игорь');
    expect(addressName('Полина Почтова')).toBe('Полина');
    expect(addressName('Петрова-Водкина Анна-Мария')).toBe('Анна-Мария');
    expect(addressName('Анна Мария')).toBe('Анна Мария');
    expect(messageValues(TICKET, SHOP, LINK)).toEqual({
      клиент: 'Юлия Эдуардовна',
      номер: '#41',
      устройство: 'Ноутбук ASUS',
      статус: 'Ждёт вас в ПВЗ Озон',
      служба: 'Озон',
      ссылка: LINK,
      магазин: 'Сервис «Ёлка»',
      телефон_магазина: '+7 495 000-00-00',
      смета: '',
      к_оплате: '',
    });
    expect(messageValues({ ...TICKET, status: 'delivery_requested' }, SHOP, LINK).служба).toBe('СДЭК');
    // Issue 50: the sums, formatted; nothing owed reads as nothing.
    expect(messageValues(TICKET, SHOP, LINK, { estimateTotal: 350000, due: 120050 })).toMatchObject({
      смета: '3\u00a0500,00\u00a0₽',
      к_оплате: '1\u00a0200,50\u00a0₽',
    });
  });

  it('fills the notify template for a ticket without a device, leaving no empty brackets', () => {
    const text = fillTemplate(
      templateFor(DEFAULT_TEMPLATES, 'notify_client'),
      messageValues({ ...TICKET, device: '' }, SHOP, LINK),
    );
    expect(text).toBe(
      `Здравствуйте, Юлия Эдуардовна! Заявка #41. Ждёт вас в ПВЗ Озон. Подробнее: ${LINK}\nСервис «Ёлка» +7 495 000-00-00`,
    );
  });

  it('puts the text into the WhatsApp and SMS links so that it decodes back exactly', () => {
    const text = 'Здравствуйте! 🔧 Готово & ждём #41\nСтрока 2 ?=';
    const wa = new URL(whatsappMessageLink('79123456789', text));
    expect(wa.origin + wa.pathname).toBe('https://wa.me/79123456789');
    expect(wa.searchParams.get('text')).toBe(text);
    const sms = smsLink('+79123456789', text);
    expect(sms.startsWith('sms:+79123456789?body=')).toBe(true);
    expect(decodeURIComponent(sms.slice(sms.indexOf('=') + 1))).toBe(text);
  });
});
