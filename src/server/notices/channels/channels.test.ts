import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSmsRu } from '../../test/fake-sms-ru';
import { FAKE_BOT_TOKEN, startFakeTelegram } from '../../test/fake-telegram';
import { createSmsRu, smsNumber } from './sms-ru';
import { createTelegramBot } from './telegram';

// The channels against local servers that answer as SMS.RU's and Telegram's documentation say,
// refusals, outages, slow answers and silence included.

const sms = await startFakeSmsRu();
const telegram = await startFakeTelegram();
afterAll(async () => {
  await Promise.all([sms.close(), telegram.close()]);
});

describe('SMS.RU', () => {
  const gateway = (apiId = sms.apiId, timeoutMs = 500) =>
    createSmsRu({ apiId, sender: 'Servis', baseUrl: sms.url, timeoutMs });

  it('sends to the number as SMS.RU writes it, with the sender name, and reads delivery', async () => {
    const outcome = await gateway().send('8 (999) 123-45-67', 'Здравствуйте!');
    expect(outcome).toMatchObject({ kind: 'sent' });
    expect(sms.sent.at(-1)).toMatchObject({ to: '79991234567', msg: 'Здравствуйте!', from: 'Servis' });
    const id = sms.sent.at(-1)!.smsId;
    expect(await gateway().status(id)).toEqual({ kind: 'delivered' });
    sms.setDelivery(id, 105);
    expect(await gateway().status(id)).toMatchObject({ kind: 'failed' });
    sms.setDelivery(id, 102);
    expect(await gateway().status(id)).toEqual({ kind: 'pending' });
  });

  it('tells a refusal for good from «not now»', async () => {
    expect(await gateway('wrong-key').send('+79991234567', 'x')).toEqual({
      kind: 'failed',
      reason: 'Неправильный ключ API SMS.ru',
    });
    sms.setMode('bad-number');
    expect(await gateway().send('+79991234567', 'x')).toEqual({
      kind: 'failed',
      reason: 'Неправильный номер получателя',
    });
    sms.setMode('down');
    expect(await gateway().send('+79991234567', 'x')).toEqual({
      kind: 'retry',
      reason: 'SMS.ru недоступен (HTTP 503)',
    });
    sms.setMode('hang');
    expect(await gateway().send('+79991234567', 'x')).toEqual({
      kind: 'retry',
      reason: 'SMS.ru не ответил вовремя',
    });
    sms.setMode('ok');
  });

  it('waits for a slow answer within its time, and checks the key and balance for the doctor', async () => {
    sms.setDelay(200);
    try {
      expect(await gateway(sms.apiId, 2000).send('+79991234567', 'x')).toMatchObject({ kind: 'sent' });
    } finally {
      sms.setDelay(0);
    }
    expect(await gateway().check()).toEqual({ ok: true, detail: 'SMS.ru на связи, на счёте 512.5 ₽' });
    expect(await gateway('wrong-key').check()).toEqual({ ok: false, reason: 'Неправильный ключ API SMS.ru' });
  });

  it('writes Russian numbers the one way SMS.RU takes them', () => {
    expect(smsNumber('+7 999 123-45-67')).toBe('79991234567');
    expect(smsNumber('89991234567')).toBe('79991234567');
    expect(smsNumber('9991234567')).toBe('79991234567');
  });
});

describe('Telegram Bot API', () => {
  const bot = (token = FAKE_BOT_TOKEN) => createTelegramBot({ token, baseUrl: telegram.url, timeoutMs: 500 });

  it('names the bot, sends to a chat, and reads what clients wrote', async () => {
    expect(await bot().check()).toEqual({
      ok: true,
      detail: `Бот @${telegram.username} на связи`,
      username: telegram.username,
    });
    expect(await bot('1:wrong').check()).toEqual({ ok: false, reason: 'Неправильный токен бота Telegram' });
    expect(await bot().sendMessage('42', 'Привет')).toEqual({ kind: 'sent' });
    expect(telegram.sent.at(-1)).toEqual({ chat_id: '42', text: 'Привет' });
    telegram.clientSends(42, '/start abc');
    const updates = await bot().getUpdates(0, 0);
    expect(updates?.at(-1)?.message?.text).toBe('/start abc');
  });

  it('hears a blocked bot as «gone» and an outage as «not now»', async () => {
    telegram.setMode('blocked');
    expect(await bot().sendMessage('42', 'x')).toEqual({
      kind: 'gone',
      reason: 'Клиент остановил бота в Telegram',
    });
    telegram.setMode('down');
    expect(await bot().sendMessage('42', 'x')).toEqual({
      kind: 'retry',
      reason: 'Telegram недоступен (HTTP 502)',
    });
    telegram.setMode('ok');
  });

  it('waits for messages when there are none, and stops waiting when told to', async () => {
    const cancel = new AbortController();
    const started = Date.now();
    const waiting = bot().getUpdates(10_000, 20, cancel.signal);
    setTimeout(() => cancel.abort(), 100);
    expect(await waiting).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
