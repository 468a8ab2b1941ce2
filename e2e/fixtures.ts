import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { APP_PORT } from './ports';

export const E2E_INVITE_CODE = 'e2e-invite-code';
export const E2E_PASSWORD = 'e2e-password-123';

export const ADMIN = { displayName: 'Админова Анна', email: 'admin@e2e.test', password: E2E_PASSWORD };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@e2e.test`;
}

/**
 * Makes sure the `app` server's admin exists. Every spec on that server calls this
 * before registering anyone else, so the admin is always its first account.
 */
let adminEnsured = false;
export async function ensureAdmin(request: APIRequestContext) {
  // Once per worker: every attempt counts against the per-e-mail sign-in limit.
  if (adminEnsured) return;
  const response = await request.post('/api/auth/register', {
    data: { ...ADMIN, inviteCode: E2E_INVITE_CODE },
  });
  expect([201, 409]).toContain(response.status());
  adminEnsured = true;
}

export async function registerViaApi(request: APIRequestContext, displayName: string) {
  const email = uniqueEmail('staff');
  const response = await request.post('/api/auth/register', {
    data: { displayName, email, password: E2E_PASSWORD, inviteCode: E2E_INVITE_CODE },
  });
  expect(response.status()).toBe(201);
  return { displayName, email, password: E2E_PASSWORD };
}

export async function loginViaUi(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/app\/work$/);
}

export async function logoutViaUi(page: Page) {
  const visible = page.getByRole('button', { name: 'Выйти' }).filter({ visible: true });
  if ((await visible.count()) === 0) await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('button', { name: 'Выйти' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Checks that a toast says `text`, then closes it so a later identical toast is a new one. */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await expect(toast).toBeVisible();
  await toast.locator('button').click();
  await expect(toast).toHaveCount(0);
}

/**
 * Writes to the `app` server's SQLite file directly, as an import from the previous
 * system would (e.g. a legacy status no screen can set). The server reads it at once.
 */
export function writeAsImport(sql: string, ...params: (string | number | null)[]) {
  const dataDir = fs.readFileSync(path.join(os.tmpdir(), `glz-e2e-${APP_PORT}.datadir`), 'utf8');
  const db = new SQLite(path.join(dataDir, 'gl-zadachi.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** The e-mails the `app` server has sent so far (to its SMTP server, see start-server.ts). */
export function sentMails(): { to: string; subject: string; text: string }[] {
  const file = path.join(os.tmpdir(), `glz-e2e-${APP_PORT}.mails.jsonl`);
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; subject: string; text: string });
}
