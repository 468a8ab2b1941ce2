import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  fillTemplate,
  messageTemplatesInput,
  TEMPLATE_KEYS,
  templateFor,
  type TemplateValues,
} from './message-templates';

const VALUES: TemplateValues = {
  клиент: 'Щукина Юлия',
  номер: '#41',
  устройство: 'Ноутбук ASUS',
  статус: 'Ждёт вас в ПВЗ Озон',
  служба: 'Озон',
  ссылка: 'https://remont.example/s/AbC123',
  магазин: 'Сервис «Ёлка»',
  телефон_магазина: '+7 495 000-00-00',
  смета: '3\u00a0500,00\u00a0₽',
  к_оплате: '2\u00a0000,00\u00a0₽',
};

describe('fillTemplate', () => {
  it('puts every placeholder’s value in, Cyrillic and punctuation intact', () => {
    expect(
      fillTemplate(
        '{клиент}, заявка {номер} ({устройство}): {статус}. {ссылка} — {магазин}, {телефон_магазина}',
        VALUES,
      ),
    ).toBe(
      'Щукина Юлия, заявка #41 (Ноутбук ASUS): Ждёт вас в ПВЗ Озон. https://remont.example/s/AbC123 — Сервис «Ёлка», +7 495 000-00-00',
    );
  });

  it('leaves no trace of a missing value: no braces, no double space, no empty brackets', () => {
    expect(fillTemplate('Здравствуйте, {клиент}! Позвоните нам, тел. {телефон_магазина}.', {})).toBe(
      'Здравствуйте! Позвоните нам, тел.',
    );
    expect(fillTemplate('{клиент} {номер} готово', { номер: '#7' })).toBe('#7 готово');
    expect(fillTemplate('Готово {клиент}', {})).toBe('Готово');
    expect(fillTemplate('Заявка {номер} ({устройство}) готова', { номер: '#7' })).toBe('Заявка #7 готова');
    expect(fillTemplate('{клиент}', { клиент: '   ' })).toBe('');
  });

  it('tidies only where a value was missing: the admin’s own spacing stays', () => {
    expect(fillTemplate('Ждём вас :) {клиент}', {})).toBe('Ждём вас :)');
    expect(fillTemplate('Спасибо ) , {номер}', { номер: '#3' })).toBe('Спасибо ) , #3');
    expect(fillTemplate('Строка\n{магазин} {телефон_магазина}\nКонец', {})).toBe('Строка\n\nКонец');
  });

  it('keeps line breaks and emoji as typed', () => {
    expect(fillTemplate('🔧 {клиент},\nготово ✅\n\n{ссылка}', VALUES)).toBe(
      '🔧 Щукина Юлия,\nготово ✅\n\nhttps://remont.example/s/AbC123',
    );
    // Windows line ends come out as plain ones (what wa.me and sms: expect).
    expect(fillTemplate('{клиент}\r\nготово', VALUES)).toBe('Щукина Юлия\nготово');
  });

  it('keeps an unknown placeholder as typed, so the admin sees the typo; any case of a known one works', () => {
    expect(fillTemplate('{клент}, {КЛИЕНТ}', VALUES)).toBe('{клент}, Щукина Юлия');
    expect(fillTemplate('{client} {}', VALUES)).toBe('{client} {}');
  });

  it('puts a value containing braces in as it is, never filling it again', () => {
    expect(fillTemplate('{клиент}: {номер}', { клиент: '{номер}', номер: '#1' })).toBe('{номер}: #1');
  });
});

describe('templateFor', () => {
  it('takes the status’s own template, else the general one, else the built-in general', () => {
    const templates = { ...DEFAULT_TEMPLATES, in_repair: '', general: 'Общий {номер}' };
    expect(templateFor(templates, 'notify_client')).toBe(DEFAULT_TEMPLATES.notify_client);
    expect(templateFor(templates, 'in_repair')).toBe('Общий {номер}');
    expect(templateFor(templates, 'returned')).toBe('Общий {номер}');
    expect(templateFor({ ...templates, general: ' ', in_repair: '' }, 'in_repair')).toBe(
      DEFAULT_TEMPLATES.general,
    );
  });

  it('reads as Russian with every value, and with the optional ones missing', () => {
    const full = {
      клиент: 'Юлия Эдуардовна',
      номер: '#41',
      устройство: 'Ноутбук ASUS',
      статус: 'Готово, отправляем в ПВЗ Озон',
      служба: 'Озон',
      ссылка: 'https://r.example/s/x',
      магазин: 'Сервис «Ёлка»',
      телефон_магазина: '+7 495 000-00-00',
    };
    for (const key of TEMPLATE_KEYS) {
      const text = fillTemplate(templateFor(DEFAULT_TEMPLATES, key), full);
      expect(text, key).toMatch(/^Здравствуйте, Юлия Эдуардовна! Заявка #41 /);
      const bare = fillTemplate(templateFor(DEFAULT_TEMPLATES, key), {
        ...full,
        устройство: '',
        служба: '',
        магазин: '',
        телефон_магазина: '',
      });
      expect(bare, key).not.toMatch(/\(\)|[ ,]\.|,,| {2}|\{|:\s*$|\s$/);
    }
    expect(
      fillTemplate(DEFAULT_TEMPLATES.notify_client, { ...full, магазин: '', телефон_магазина: '' }),
    ).toBe(
      'Здравствуйте, Юлия Эдуардовна! Заявка #41 (Ноутбук ASUS). Готово, отправляем в ПВЗ Озон. Подробнее: https://r.example/s/x',
    );
  });
});

describe('messageTemplatesInput', () => {
  it('keeps line breaks, refuses a template over the limit in Russian', () => {
    const ok = messageTemplatesInput.safeParse({ version: 1, general: 'Строка 1\nСтрока 2' });
    expect(ok.success && ok.data.general).toBe('Строка 1\nСтрока 2');
    const long = messageTemplatesInput.safeParse({ version: 1, closed: 'я'.repeat(1001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toMatch(/^Шаблон «Закрыта»/);
  });
});

describe('a message without the status link (issue 48: no address a client can open)', () => {
  const values = { ...VALUES, ссылка: '' };

  it('leaves out the words that announced the link, and nothing else', () => {
    expect(fillTemplate(DEFAULT_TEMPLATES.general, values)).toBe(
      `Здравствуйте, ${VALUES.клиент}! Заявка ${VALUES.номер} (${VALUES.устройство}). ${VALUES.статус}.`,
    );
    expect(fillTemplate(DEFAULT_TEMPLATES.notify_client, values)).toBe(
      `Здравствуйте, ${VALUES.клиент}! Заявка ${VALUES.номер} (${VALUES.устройство}). ${VALUES.статус}.\n${VALUES.магазин} ${VALUES.телефон_магазина}`,
    );
    expect(fillTemplate('Статус: {ссылка}', values)).toBe('');
    expect(fillTemplate('Ждём :) {ссылка}', values)).toBe('Ждём :)');
    // An admin's own wording: only the few words before the link go.
    expect(fillTemplate('Заказ {номер}: {ссылка}', values)).toBe(`Заказ ${VALUES.номер}:`);
    expect(
      fillTemplate('Здравствуйте, {клиент}, ваш {устройство} ждёт вас, статус тут: {ссылка}', values),
    ).toBe(`Здравствуйте, ${VALUES.клиент}, ваш ${VALUES.устройство} ждёт вас`);
    expect(fillTemplate('Здравствуйте! Ваш {устройство} готов, забрать можно тут: {ссылка}', values)).toBe(
      `Здравствуйте! Ваш ${VALUES.устройство} готов`,
    );
    // Another empty placeholder after a colon is not a link: its words stay.
    expect(fillTemplate('Заявка {номер} передана в доставку: {служба}', { ...values, служба: '' })).toBe(
      `Заявка ${VALUES.номер} передана в доставку:`,
    );
  });
});

describe('the estimate’s message (issue 50)', () => {
  // A value goes in as one line of plain spaces: the no-break spaces of «3 500,00 ₽» too.
  it('names the estimate’s sum and the link to answer it; without a link, no «Согласовать…:» left', () => {
    expect(fillTemplate(DEFAULT_TEMPLATES.estimate, VALUES)).toBe(
      'Здравствуйте, Щукина Юлия! Смета на ремонт по заявке #41 (Ноутбук ASUS): 3 500,00 ₽. Согласовать или отказаться: https://remont.example/s/AbC123\nСервис «Ёлка» +7 495 000-00-00',
    );
    expect(fillTemplate(DEFAULT_TEMPLATES.estimate, { ...VALUES, ссылка: '' })).toBe(
      'Здравствуйте, Щукина Юлия! Смета на ремонт по заявке #41 (Ноутбук ASUS): 3 500,00 ₽.\nСервис «Ёлка» +7 495 000-00-00',
    );
    expect(fillTemplate('Осталось оплатить {к_оплате}.', VALUES)).toBe('Осталось оплатить 2 000,00 ₽.');
  });
});
