import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './config';
import { startSettings } from './start-settings';

describe('loadConfig', () => {
  it('defaults to port 3000, SQLite in ./data and the product name', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', appName: 'GL Задачи', trustProxy: false });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('data', 'gl-zadachi.sqlite')}`);
    expect(config.inviteCode).toBeUndefined();
  });

  it('treats empty variables as unset and reads the rest', () => {
    const config = loadConfig({
      PORT: '8080',
      INVITE_CODE: '',
      DATABASE_URL: 'postgres://u@db/glz',
      TRUST_PROXY: 'true',
      SESSION_IDLE_HOURS: '12',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@db/glz', trustProxy: 'loopback' });
    expect(config.inviteCode).toBeUndefined();
    expect(config.sessionIdleMs).toBe(12 * 3_600_000);
  });

  it('reads TRASH_DAYS and LOG_PRETTY; the start-up settings line holds no secret', () => {
    const config = loadConfig({
      TRASH_DAYS: '7',
      LOG_PRETTY: 'yes',
      DATABASE_URL: 'postgres://glz:s3cret@db/glz',
      INVITE_CODE: 'SECRET-CODE-1',
      SMTP_URL: 'smtp://mailer:m4ilpass@mail.shop.ru:587',
      MAIL_FROM: 'noreply@shop.ru',
      PUBLIC_URL: 'https://tasks.shop.ru',
    });
    expect(config).toMatchObject({ trashDays: 7, logPretty: true });
    expect(loadConfig({})).toMatchObject({ trashDays: 30, logPretty: false });
    const line = JSON.stringify(startSettings(config, 'postgres'));
    expect(line).not.toContain('s3cret');
    expect(line).not.toContain('SECRET-CODE-1');
    expect(line).not.toContain('m4ilpass');
    expect(line).toContain('"trashDays":7');
  });

  it('takes SMTP_URL and MAIL_FROM together or not at all', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({
        SMTP_URL: 'smtp://u:p@mail.shop.ru:587',
        MAIL_FROM: 'GL Задачи <noreply@shop.ru>',
        PUBLIC_URL: 'https://tasks.shop.ru',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtp://u:p@mail.shop.ru:587',
      from: 'GL Задачи <noreply@shop.ru>',
      publicUrl: 'https://tasks.shop.ru',
    });
    // Mailed links come from PUBLIC_URL only, never from a request's Host header.
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@mail.shop.ru', MAIL_FROM: 'noreply@shop.ru' })).toThrow(
      /PUBLIC_URL=/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.shop.ru', PUBLIC_URL: 'https://t.shop.ru' })).toThrow(
      /MAIL_FROM=/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'noreply@shop.ru' })).toThrow(/SMTP_URL=/);
  });

  it('files in S3 with a bucket; its keys together; path style by default off AWS; no secret shown', () => {
    expect(loadConfig({}).s3).toBeNull();
    const config = loadConfig({
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'https://storage.yandexcloud.net',
      S3_REGION: 'ru-central1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret',
    });
    expect(config.s3).toEqual({
      bucket: 'shop-files',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI-secret' },
      forcePathStyle: true,
    });
    const line = JSON.stringify(startSettings(config, 'sqlite'));
    expect(line).toContain('S3 shop-files at https://storage.yandexcloud.net');
    expect(line).not.toContain('wJalrXUtnFEMI-secret');
    // On AWS: virtual-host style, keys from the AWS_* variables or the instance's role.
    expect(loadConfig({ S3_BUCKET: 'shop-files' }).s3).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({ S3_BUCKET: 'shop-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'no' }).s3,
    ).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET=undefined: expected the bucket/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(
      /S3_SECRET_ACCESS_KEY=/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Shop_Files' })).toThrow(
      /S3_BUCKET="Shop_Files": expected a bucket name/,
    );
    expect(() =>
      loadConfig({
        S3_BUCKET: 'shop-files',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'x',
        S3_ENDPOINT: 'nope',
      }),
    ).toThrow(/S3_ENDPOINT="nope"/);
  });

  it('never echoes a secret in a settings error; counts an invite code without its dashes', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail://user:hunter22@x' })).toThrow(/SMTP_URL=\(hidden\)/);
    expect(() => loadConfig({ SMTP_URL: 'mail://user:hunter22@x' })).not.toThrow(/hunter22/);
    expect(() => loadConfig({ INVITE_CODE: '--- ---' })).toThrow(/INVITE_CODE=\(hidden\)/);
    expect(loadConfig({ INVITE_CODE: 'AB-CD-EF' }).inviteCode).toBe('AB-CD-EF');
  });

  it('trusts only the proxies it is told of: a number of hops or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it.each([
    ['TRUST_PROXY', '*'],
    ['TRUST_PROXY', 'all'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['INVITE_CODE', '123'],
    ['INVITE_CODE', '------'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_PRETTY', 'sometimes'],
    ['SMTP_URL', 'mail.shop.ru'],
    ['TRASH_DAYS', '0'],
    ['TRASH_DAYS', '1.5'],
    ['VAPID_SUBJECT', 'admin@example.ru'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('takes a VAPID pair only whole and valid, and picks a contact for push services', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapidKeys,
    ).toEqual(keys);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY=/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.publicKey }),
    ).toThrow(ConfigError);
    expect(loadConfig({}).vapidSubject).toMatch(/^mailto:/);
    expect(loadConfig({ PUBLIC_URL: 'https://tasks.example.ru' }).vapidSubject).toBe(
      'https://tasks.example.ru',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:boss@example.ru' }).vapidSubject).toBe(
      'mailto:boss@example.ru',
    );
  });
});
