import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The quick tier for the edit loop (`npm run test:quick`): every unit and API test on SQLite only,
// property tests with a fifth of their cases. `npm test` stays the whole suite.
export default mergeConfig(
  base,
  defineConfig({
    test: { env: { TEST_DATABASE_URL: '', QUICK_TESTS: '1' } },
  }),
);
