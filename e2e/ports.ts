/** The two servers Playwright starts (playwright.config.ts) and the files they share with journeys. */
export const FIRST_RUN_PORT = 3101;
export const APP_PORT = 3102;

/** The `app` server's stand-in for the Telegram Bot API (e2e/start-server.ts). */
export const TELEGRAM_STAND_IN = `http://127.0.0.1:${APP_PORT + 30}`;
