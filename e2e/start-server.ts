// Starts the real server for Playwright on a fresh temporary SQLite database
// (`--mail`: with a real SMTP server beside it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeSmsRu } from '../src/server/test/fake-sms-ru';
import { startFakeTelegram } from '../src/server/test/fake-telegram';
import { recipients, startSmtpInbox } from '../src/server/test/smtp-inbox';
import { E2E_INVITE_CODE } from './fixtures';

const port = process.argv[2] ?? '3101';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `glz-e2e-${port}-`));
process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = dataDir;
process.env.BACKUP_DIR = path.join(dataDir, '..', `${path.basename(dataDir)}-backups`);
// Made when asked for (the backups journey), never by the clock in the middle of a run.
process.env.BACKUP_HOUR = 'off';
process.env.INVITE_CODE = E2E_INVITE_CODE;
process.env.LOG_LEVEL = 'warn';
// Every journey signs in from 127.0.0.1; the per-e-mail limit stays as shipped.
process.env.AUTH_LIMIT_PER_IP = '10000';
delete process.env.DATABASE_URL;

// The journeys' server sends mail through a real SMTP server running here; what it
// receives is appended to a file the journeys read. The first-run server has no mail.
const mailbox = path.join(os.tmpdir(), `glz-e2e-${port}.mails.jsonl`);
if (process.argv[3] === '--mail') {
  fs.writeFileSync(mailbox, '');
  const smtp = await startSmtpInbox(
    (mail) => {
      fs.appendFileSync(
        mailbox,
        `${JSON.stringify({ to: recipients(mail), subject: mail.subject, text: mail.text })}\n`,
      );
    },
    Number(port) + 20,
  );
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.MAIL_FROM = 'GL Задачи <noreply@e2e.test>';
  // Mailed links are built from PUBLIC_URL only.
  process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // The Telegram Bot API and SMS.RU as local servers speaking their protocols (issue 54); a
  // journey plays the client through the Bot API's `/_fake/*` (telegramStandIn in ports.ts).
  const telegram = await startFakeTelegram(undefined, undefined, Number(port) + 30);
  const sms = await startFakeSmsRu(undefined, Number(port) + 31);
  process.env.TELEGRAM_API_URL = telegram.url;
  process.env.SMS_RU_URL = sms.url;
}

// Journeys that need data only an import makes (legacy statuses) find the database here.
const pointer = path.join(os.tmpdir(), `glz-e2e-${port}.datadir`);
fs.writeFileSync(pointer, dataDir);

const cleanup = () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(pointer, { force: true });
  fs.rmSync(mailbox, { force: true });
};
process.once('exit', cleanup);

// The server as `npm start` runs it: built once (test:e2e builds it first, docs/decisions/035).
// A path in a variable: the bundle is JavaScript without type declarations.
const builtServer = '../dist/server/main.js';
await import(builtServer);
