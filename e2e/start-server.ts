// Starts the real server for Playwright on a fresh temporary SQLite database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_INVITE_CODE } from './fixtures';

const port = process.argv[2] ?? '3101';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `glz-e2e-${port}-`));
process.env.PORT = port;
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = dataDir;
process.env.INVITE_CODE = E2E_INVITE_CODE;
process.env.LOG_LEVEL = 'warn';
// Every journey signs in from 127.0.0.1; the per-e-mail limit stays as shipped.
process.env.AUTH_LIMIT_PER_IP = '10000';
delete process.env.DATABASE_URL;

// Journeys that need data only an import makes (legacy statuses) find the database here.
const pointer = path.join(os.tmpdir(), `glz-e2e-${port}.datadir`);
fs.writeFileSync(pointer, dataDir);

const cleanup = () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(pointer, { force: true });
};
process.once('exit', cleanup);

await import('../src/server/main');
