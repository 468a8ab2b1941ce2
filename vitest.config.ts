import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/server/test/announce-databases.ts'],
    // Database tests hash passwords with argon2 (19 MiB, t=2) and may talk to PostgreSQL.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
