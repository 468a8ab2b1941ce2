import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium';
import { APP_PORT, FIRST_RUN_PORT } from './e2e/ports';

// Two servers, each on a fresh temporary database: `first-run` proves what a brand-new
// install does (the first account becomes admin); `app` hosts every other journey.

function server(port: number, mail = false) {
  return {
    command: `node --import tsx e2e/start-server.ts ${port}${mail ? ' --mail' : ''}`,
    url: `http://127.0.0.1:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Whole journeys (typing with pauses, two browsers) take 20–28 s on a quiet machine and crossed
  // 30 s on a busy CI run; each step still waits at most 5 s (expect) before it fails.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'first-run',
      testMatch: /first-run\.spec\.ts/,
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${FIRST_RUN_PORT}` },
    },
    {
      name: 'app',
      testIgnore: /first-run\.spec\.ts/,
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
  ],
  webServer: [server(FIRST_RUN_PORT), server(APP_PORT, true)],
});
