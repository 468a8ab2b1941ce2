import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { saveNoticeSecrets } from '../notices/notice-settings';
import { startFakeSmsRu } from '../test/fake-sms-ru';
import { FAKE_BOT_TOKEN, startFakeTelegram } from '../test/fake-telegram';
import { startSmtpInbox } from '../test/smtp-inbox';
import { formatDoctorReport, runDoctor } from './doctor-checks';

// Issue 54: `npm run doctor` asks each channel of the automatic messages that is set up, against
// local servers speaking SMS.RU's, Telegram's and SMTP's protocols; a key is never printed.

const sms = await startFakeSmsRu();
const telegram = await startFakeTelegram();
const inbox = await startSmtpInbox(() => {});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-doctor-notices-'));
afterAll(async () => {
  await Promise.all([sms.close(), telegram.close(), inbox.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run doctor: client message channels', () => {
  it('says each set-up channel answers, and names the one that does not', async () => {
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      BACKUP_DIR: path.join(dir, 'backups'),
      PUBLIC_URL: 'https://tasks.shop.ru',
      TRUST_PROXY: '127.0.0.1',
      SMS_RU_URL: sms.url,
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: 'Сервис <shop@example.ru>',
    };
    const database = openDatabase(`sqlite:${path.join(env.DATA_DIR, 'gl-zadachi.sqlite')}`);
    await migrateToLatest(database);
    await saveNoticeSecrets(database.db, { smsApiId: sms.apiId, telegramToken: FAKE_BOT_TOKEN });

    const checks = await runDoctor(env);
    expect(checks.filter((check) => check.status !== 'ok')).toEqual([]);
    const titles = checks.map((check) => check.title);
    expect(titles).toContain('SMS.ru на связи, на счёте 512.5 ₽');
    expect(titles).toContain(`Бот @${telegram.username} на связи`);
    expect(titles).toContain('Почтовый сервер (SMTP) на связи');

    await saveNoticeSecrets(database.db, { smsApiId: 'wrong-key' });
    await database.destroy();
    const wrong = await runDoctor(env);
    expect(wrong.find((check) => check.title === 'SMS.ru не отвечает как надо')).toMatchObject({
      status: 'fail',
      detail: 'Неправильный ключ API SMS.ru',
    });
    const report = formatDoctorReport(wrong);
    expect(report).not.toContain('wrong-key');
    expect(report).not.toContain(FAKE_BOT_TOKEN);
  });
});
