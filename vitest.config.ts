import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/server/test/announce-databases.ts'],
    // Database tests hash passwords with argon2 (19 MiB, t=2) and may talk to PostgreSQL.
    testTimeout: 20_000,
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most files
    // wait on PostgreSQL or the disk; two at a time need schemas changed under one lock (ADR 049).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 30_000,
  },
});
