import { describe, expect, it } from 'vitest';
import { isReadyStatus, pickChannel, sendableAt, smsParts, type NoticeClient } from './client-notices';

const everything = { sms: true, telegram: true, email: true };
const client = (over: Partial<NoticeClient> = {}): NoticeClient => ({
  noMessages: false,
  preferred: null,
  phone: '+7 999 123-45-67',
  email: null,
  telegramChatId: null,
  ...over,
});

describe('the channel a message goes on', () => {
  it('takes the free channels first, SMS last, and the client’s choice when it reaches them', () => {
    expect(pickChannel('auto', client(), everything)).toEqual({ channel: 'sms' });
    expect(pickChannel('auto', client({ email: 'a@b.ru' }), everything)).toEqual({ channel: 'email' });
    expect(pickChannel('auto', client({ email: 'a@b.ru', telegramChatId: '1' }), everything)).toEqual({
      channel: 'telegram',
    });
    expect(pickChannel('auto', client({ telegramChatId: '1', preferred: 'sms' }), everything)).toEqual({
      channel: 'sms',
    });
    // A wish that cannot be met (no e-mail) falls back to what reaches the client.
    expect(pickChannel('auto', client({ preferred: 'email' }), everything)).toEqual({ channel: 'sms' });
  });

  it('writes nothing (and logs nothing) when the rule is off or no channel is set up', () => {
    expect(pickChannel('off', client(), everything)).toBeNull();
    expect(pickChannel('auto', client(), { sms: false, telegram: false, email: false })).toBeNull();
    expect(pickChannel('telegram', client(), { sms: true, telegram: false, email: true })).toBeNull();
  });

  it('says why a client is not written to', () => {
    expect(pickChannel('auto', client({ noMessages: true }), everything)).toEqual({
      skipped: 'Клиент просил не писать ему',
    });
    expect(pickChannel('telegram', client(), everything)).toEqual({
      skipped: 'Клиент не подключил Telegram',
    });
    expect(pickChannel('auto', client({ phone: '' }), everything)).toEqual({
      skipped: 'Нет способа связаться с клиентом',
    });
  });
});

describe('quiet hours', () => {
  const zone = 'Europe/Moscow';
  const quiet = { from: '21:00', to: '09:00' };
  const at = (iso: string) => new Date(iso);

  it('holds an evening or a night message until 09:00 in the shop’s zone', () => {
    // 22:30 and 03:00 in Moscow (UTC+3).
    expect(sendableAt(at('2026-11-22T19:30:00Z'), zone, quiet).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(sendableAt(at('2026-11-23T00:00:00Z'), zone, quiet).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it('lets a daytime message go now, and a window within one day too', () => {
    const noon = at('2026-11-22T09:00:00Z');
    expect(sendableAt(noon, zone, quiet)).toEqual(noon);
    // 13:30 in Moscow is inside 13:00–14:00; 12:30 is not.
    const lunch = { from: '13:00', to: '14:00' };
    expect(sendableAt(at('2026-11-22T10:30:00Z'), zone, lunch).toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
    expect(sendableAt(at('2026-11-22T09:30:00Z'), zone, lunch)).toEqual(at('2026-11-22T09:30:00Z'));
    expect(sendableAt(at('2026-11-22T10:15:00Z'), 'Asia/Vladivostok', quiet).toISOString()).toBe(
      '2026-11-22T10:15:00.000Z',
    );
    // Equal ends: no quiet hours at all.
    expect(sendableAt(at('2026-11-22T20:00:00Z'), zone, { from: '00:00', to: '00:00' })).toEqual(
      at('2026-11-22T20:00:00Z'),
    );
  });

  it('counts in the shop’s zone, not the server’s', () => {
    // 22:00 UTC is 08:00 in Vladivostok (UTC+10): quiet until 09:00 there, 23:00 UTC.
    expect(sendableAt(at('2026-11-22T22:00:00Z'), 'Asia/Vladivostok', quiet).toISOString()).toBe(
      '2026-11-22T23:00:00.000Z',
    );
  });
});

describe('SMS parts and the ready step', () => {
  it('bills Cyrillic by 70 characters, 67 a part when split; Latin by 160 and 153', () => {
    expect(smsParts('а'.repeat(70))).toBe(1);
    expect(smsParts('а'.repeat(71))).toBe(2);
    expect(smsParts('а'.repeat(134))).toBe(2);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
  });

  it('is «Готов к выдаче» for a walk-in and «Оповестить клиента» for a parcel', () => {
    expect(isReadyStatus('repair_done', 'walk_in')).toBe(true);
    expect(isReadyStatus('notify_client', 'walk_in')).toBe(false);
    expect(isReadyStatus('notify_client', 'pvz')).toBe(true);
    expect(isReadyStatus('repair_done', 'pvz')).toBe(false);
  });
});
