import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createSmsRu } from '../notices/channels/sms-ru';
import { createTelegramBot } from '../notices/channels/telegram';
import { readNoticeSecrets } from '../notices/notice-settings';
import type { Check } from './check';

/**
 * The automatic messages' channels (issue 54), each that is set up asked whether it answers:
 * SMS.RU's balance, the Telegram bot's name, the SMTP server's greeting. Keys stay unprinted.
 */
export async function checkNoticeChannels(config: Config, database: Database): Promise<Check[]> {
  // Before the first start there is no table to read the keys from: nothing is set up yet.
  const secrets = await readNoticeSecrets(database.db).catch(() => null);
  if (!secrets) return [];
  const { smsRuUrl, telegramUrl } = config.noticeEndpoints;
  const checks: Check[] = [];
  if (secrets.smsApiId) {
    const answer = await createSmsRu({ apiId: secrets.smsApiId, sender: '', baseUrl: smsRuUrl }).check();
    checks.push(
      answer.ok
        ? { status: 'ok', title: answer.detail }
        : { status: 'fail', title: 'SMS.ru не отвечает как надо', detail: answer.reason },
    );
  }
  if (secrets.telegramToken) {
    const answer = await createTelegramBot({ token: secrets.telegramToken, baseUrl: telegramUrl }).check();
    checks.push(
      answer.ok
        ? { status: 'ok', title: answer.detail }
        : { status: 'fail', title: 'Бот Telegram не отвечает как надо', detail: answer.reason },
    );
  }
  if (config.mail) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    try {
      await transport.verify();
      checks.push({ status: 'ok', title: 'Почтовый сервер (SMTP) на связи' });
    } catch (error) {
      checks.push({
        status: 'fail',
        title: 'Почтовый сервер (SMTP) недоступен',
        detail: (error as { code?: string }).code ?? 'нет ответа',
      });
    } finally {
      transport.close();
    }
  }
  if (checks.length === 0) {
    checks.push({ status: 'ok', title: 'Автоматические сообщения клиентам не настроены' });
  }
  return checks;
}
