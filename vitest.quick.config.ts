import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The quick tier for the edit loop (`npm run test:quick`): every unit and API test on SQLite only,
// property tests with a fifth of their cases, and test files sharing their workers' loaded modules
// (`isolate: false`: the app's modules are loaded once a worker instead of once a file). `npm test`
// stays the whole suite, each file isolated.
export default mergeConfig(
  base,
  defineConfig({
    test: { env: { TEST_DATABASE_URL: '', QUICK_TESTS: '1' }, isolate: false },
  }),
);
