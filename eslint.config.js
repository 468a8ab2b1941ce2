import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layer boundaries (ARCHITECTURE.md): web -> domain, server -> domain, never web <-> server,
// and the domain imports nothing with side effects on the outside world.
const noServerFromWeb = {
  group: ['**/server/**'],
  message: 'The web app talks to the server over HTTP only.',
};
const noWebFromServer = { group: ['**/web/**'], message: 'The server never imports browser code.' };
const browserOnly = { group: ['node:*'], message: 'Browser code.' };
// A feature uses another only through that feature's api/ modules or its public.ts,
// never its components (src/web/features/<name>/...).
const featuresStayApart = {
  regex: '^\\.\\./\\.\\./[a-z-]+/components/',
  message: "Use the other feature's public.ts or api/ module.",
};
// Shared plumbing (lib/, components/) never reaches into a feature.
const plumbingBelowFeatures = {
  group: ['**/features/**'],
  message: 'lib/ and components/ sit below the features; move the code into the feature or down here.',
};

// The server's plumbing (db/, http/, search/, files/, events/) sits below its feature folders:
// it imports no feature (src/server/architecture.test.ts also finds import cycles).
const SERVER_FEATURES = [
  'auth',
  'backup',
  'clients',
  'dashboard',
  'doctor',
  'documents',
  'export',
  'history',
  'import',
  'jobs',
  'mail',
  'push',
  'reminders',
  'settings',
  'status-page',
  'tasks',
  'tickets',
  'trash',
  'users',
  'work',
  'work-items',
];
const serverPlumbingBelowFeatures = {
  group: SERVER_FEATURES.map((feature) => `**/server/${feature}/**`).concat(
    SERVER_FEATURES.map((feature) => `../${feature}/*`),
  ),
  message: 'db/, http/, search/, files/ and events/ sit below the features; pass what they need in.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'playwright-report/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'The domain depends on nothing of ours.' },
            {
              group: ['node:*', 'fastify', 'kysely', 'react', 'react-*', '@mantine/*'],
              message: 'The domain is pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb, browserOnly] }],
    },
  },
  {
    files: ['src/web/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb, browserOnly, featuresStayApart] }],
    },
  },
  {
    files: ['src/web/lib/**', 'src/web/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb, browserOnly, plumbingBelowFeatures] }],
    },
  },
  {
    files: ['src/web/sw/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebFromServer] }] },
  },
  {
    files: [
      'src/server/db/**',
      'src/server/http/**',
      'src/server/search/**',
      'src/server/files/**',
      'src/server/events/**',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noWebFromServer, serverPlumbingBelowFeatures] }],
    },
  },
  {
    // A browser module tested against the real server and database (`*.server.test.ts`): the
    // test starts the app and talks to it over HTTP and SSE, as the browser does.
    files: ['src/web/**/*.server.test.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);
