/** The two servers Playwright starts (playwright.config.ts) and the files they share with journeys. */
export const FIRST_RUN_PORT = 3101;
export const APP_PORT = 3102;
